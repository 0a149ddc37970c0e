# cmake -DROOT=<tree> -P CheckLayers.cmake
# Holds docs/design.md's layer rule (Layout) over the #include "..." lines of
# the tree: a file includes only its own layer and the layers its layer names
# below. Fails (exit status 1) naming every file and line that breaks it.
#
#   layer                 the files                                  may include
#   apps                  apps/main.cpp, apps/registered_apps.*      anything below
#   app                   apps/<name>/ (not cli, input)              its own folder, apps/cli,
#                                                                    apps/input, core, core/loop
#   apps/input            apps/input/                                core, apps/input
#   apps/cli              apps/cli/                                  every core layer, model,
#                                                                    schemes, apps/cli
#   stacksplit            stacksplit/                                core, core/run_search.hpp,
#                                                                    model, schemes, stacksplit
#   analysis              analysis/                                  analysis
#   schemes               schemes/ (not the model)                   core, core/loop, model, schemes
#   model                 schemes/loop/cost_model/                   model
#   core/loop             core/loop/                                 core, core/detail, the runtimes
#   core/run_search.hpp   core/run_search.hpp                        core, core/detail, the runtimes
#   core/runtime, core/sim, core/mpi   the runtimes                  core, core/detail, itself
#   core/detail           core/detail/                               core
#   core                  core/*, core/topology/, and the two        core
#                         headers that describe a run though they
#                         sit beside their runtime:
#                         core/sim/machine_model.*, core/mpi/launcher.*
#
# An app names no runtime either: a line of apps/<name>/ that says
# `RuntimeKind::` breaks the rule (it asks core/run_config.hpp's predicates).
# experiments/, tests/ and examples/ may include anything.
cmake_minimum_required(VERSION 3.22)
if(NOT ROOT)
  message(FATAL_ERROR "CheckLayers.cmake: pass -DROOT=<source tree>")
endif()

# A path's layer; empty for a header that is not the tree's (a system or
# third-party one).
function(layer_of path out)
  set(layer "")
  if(path MATCHES "^core/(sim/machine_model|mpi/launcher)\\.(hpp|cpp)$")
    set(layer core)
  elseif(path STREQUAL "core/run_search.hpp")
    set(layer core/run_search.hpp)
  elseif(path MATCHES "^core/(detail|runtime|sim|mpi|loop)/")
    set(layer core/${CMAKE_MATCH_1})
  elseif(path MATCHES "^core/")
    set(layer core)
  elseif(path MATCHES "^schemes/loop/cost_model/")
    set(layer model)
  elseif(path MATCHES "^apps/(cli|input)/")
    set(layer apps/${CMAKE_MATCH_1})
  elseif(path MATCHES "^apps/[^/]+/")
    set(layer app)
  elseif(path MATCHES "^apps/")
    set(layer apps)
  elseif(path MATCHES "^(schemes|analysis|stacksplit|experiments|tests|examples)/")
    set(layer ${CMAKE_MATCH_1})
  endif()
  set(${out} ${layer} PARENT_SCOPE)
endfunction()

set(runtimes core/runtime core/sim core/mpi)
set(allowed_core core)
set(allowed_core/detail core core/detail)
set(allowed_core/runtime core core/detail core/runtime)
set(allowed_core/sim core core/detail core/sim)
set(allowed_core/mpi core core/detail core/mpi)
set(allowed_core/run_search.hpp core core/detail ${runtimes} core/run_search.hpp)
set(allowed_core/loop core core/detail ${runtimes} core/loop)
set(all_core ${allowed_core/loop} core/run_search.hpp)
set(allowed_model model)
set(allowed_schemes core core/loop model schemes)
set(allowed_analysis analysis)
set(allowed_stacksplit core core/run_search.hpp model schemes stacksplit)
set(allowed_apps/cli ${all_core} model schemes apps/cli)
set(allowed_apps/input core apps/input)
set(allowed_app core core/loop apps/cli apps/input app)
set(allowed_apps ${all_core} model schemes analysis stacksplit apps/cli apps/input app apps)

set(violations "")
set(checked 0)
foreach(folder core schemes analysis stacksplit apps)
  file(GLOB_RECURSE sources RELATIVE "${ROOT}" "${ROOT}/${folder}/*.hpp" "${ROOT}/${folder}/*.cpp"
       "${ROOT}/${folder}/*.h")
  foreach(source IN LISTS sources)
    layer_of("${source}" from)
    string(REPLACE ";" ", " may "${allowed_${from}}")
    file(STRINGS "${ROOT}/${source}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    foreach(line IN LISTS lines)
      string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]*)\".*" "\\1" included "${line}")
      layer_of("${included}" to)
      math(EXPR checked "${checked} + 1")
      if(to STREQUAL "")
        continue()
      endif()
      if(from STREQUAL "app" AND to STREQUAL "app")
        # An app includes its own folder, never another app's.
        string(REGEX MATCH "^apps/[^/]+/" own "${source}")
        string(REGEX MATCH "^apps/[^/]+/" other "${included}")
        if(own STREQUAL other)
          continue()
        endif()
        list(APPEND violations "${source}: includes \"${included}\", another application's")
        continue()
      endif()
      if(to IN_LIST allowed_${from})
        continue()
      endif()
      list(APPEND violations
           "${source}: includes \"${included}\" (layer ${to}), where layer ${from} may include only: ${may}")
    endforeach()
    if(from STREQUAL "app")
      file(READ "${ROOT}/${source}" code)
      string(REGEX REPLACE "//[^\n]*" "" code "${code}")
      string(REGEX MATCHALL "RuntimeKind::[A-Za-z0-9_]+" named "${code}")
      foreach(name IN LISTS named)
        list(APPEND violations
             "${source}: names a runtime, ${name} (an app asks core/run_config.hpp's predicates)")
      endforeach()
    endif()
  endforeach()
endforeach()

if(violations)
  list(LENGTH violations count)
  string(REPLACE ";" "\n" text "${violations}")
  message("${text}")
  message(FATAL_ERROR "${count} line(s) break the layers (docs/design.md, Layout)")
endif()
message(STATUS "layers: ${checked} includes checked, none breaks the layers")
