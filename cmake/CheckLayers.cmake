# cmake -DROOT=<tree> -P CheckLayers.cmake
# Holds docs/design.md's layer rule over the #include "..." lines of the tree:
# a folder includes only its own layer and those below it. Fails (exit status
# 1) naming every file and line that includes a layer above its own.
#
#   core/                     the engine and runtimes      -> core
#   schemes/loop/cost_model/  the pure model layer          -> itself only
#   schemes/                  the schemes                   -> core, model, schemes
#   analysis/                 run records in, tables out    -> analysis
#   stacksplit/               the embedding library         -> core, model, schemes, stacksplit
#   apps/                     apps and the front end        -> all of the above, apps
# experiments/, tests/ and examples/ may include anything.
cmake_minimum_required(VERSION 3.22)
if(NOT ROOT)
  message(FATAL_ERROR "CheckLayers.cmake: pass -DROOT=<source tree>")
endif()

# A path's layer: the longest folder prefix that names one.
function(layer_of path out)
  if(path MATCHES "^schemes/loop/cost_model/")
    set(${out} model PARENT_SCOPE)
  elseif(path MATCHES "^(core|schemes|analysis|apps|stacksplit|experiments|tests|examples)/")
    set(${out} ${CMAKE_MATCH_1} PARENT_SCOPE)
  else()
    set(${out} "" PARENT_SCOPE)  # not a folder of the tree: a system or third-party header
  endif()
endfunction()

set(allowed_core core)
set(allowed_model model)
set(allowed_schemes core model schemes)
set(allowed_analysis analysis)
set(allowed_stacksplit core model schemes stacksplit)
set(allowed_apps core model schemes analysis stacksplit apps)

set(violations "")
set(checked 0)
foreach(folder core schemes analysis stacksplit apps)
  file(GLOB_RECURSE sources RELATIVE "${ROOT}" "${ROOT}/${folder}/*.hpp" "${ROOT}/${folder}/*.cpp"
       "${ROOT}/${folder}/*.h")
  foreach(source IN LISTS sources)
    layer_of("${source}" from)
    file(STRINGS "${ROOT}/${source}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    set(line_number 0)
    foreach(line IN LISTS lines)
      string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]*)\".*" "\\1" included "${line}")
      layer_of("${included}" to)
      math(EXPR checked "${checked} + 1")
      if(to STREQUAL "" OR to IN_LIST allowed_${from})
        continue()
      endif()
      string(REPLACE ";" ", " may "${allowed_${from}}")
      list(APPEND violations
           "${source}: includes \"${included}\" (layer ${to}), where layer ${from} may include only: ${may}")
    endforeach()
  endforeach()
endforeach()

if(violations)
  list(LENGTH violations count)
  string(REPLACE ";" "\n" text "${violations}")
  message("${text}")
  message(FATAL_ERROR "${count} include(s) point up the layers (docs/design.md, Layout)")
endif()
message(STATUS "layers: ${checked} includes checked, none points up")
