# cmake -DROOT=<tree> -DWORK=<scratch dir> -DCOMPILER=<c++> -P check_demo_build.cmake
# What scripts/demo builds: the tree configured as the demo and README's
# install recipe configure it (-DSTACKSPLIT_TESTS=OFF
# -DSTACKSPLIT_EXPERIMENTS=OFF) configures (GoogleTest not needed) and has a
# stacksplit target and no test or benchmark target, and scripts/demo builds
# that target alone. Nothing is compiled here.
cmake_minimum_required(VERSION 3.22)
foreach(var ROOT WORK COMPILER)
  if(NOT ${var})
    message(FATAL_ERROR "check_demo_build.cmake: pass -D${var}=...")
  endif()
endforeach()

file(READ "${ROOT}/scripts/demo" demo)
foreach(part "--target stacksplit" "-DSTACKSPLIT_TESTS=OFF" "-DSTACKSPLIT_EXPERIMENTS=OFF")
  string(FIND "${demo}" "${part}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "scripts/demo does not pass ${part}")
  endif()
endforeach()

file(REMOVE_RECURSE "${WORK}")
execute_process(
  COMMAND ${CMAKE_COMMAND} -S "${ROOT}" -B "${WORK}" -G "Unix Makefiles" -DCMAKE_BUILD_TYPE=Release
          -DCMAKE_CXX_COMPILER=${COMPILER} -DSTACKSPLIT_TESTS=OFF -DSTACKSPLIT_EXPERIMENTS=OFF
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "configuring with tests and experiments off failed:\n${out}")
endif()

execute_process(COMMAND ${CMAKE_COMMAND} --build "${WORK}" --target help
                RESULT_VARIABLE status OUTPUT_VARIABLE targets ERROR_VARIABLE targets)
if(NOT status EQUAL 0 OR NOT targets MATCHES "\\.\\.\\. stacksplit\n")
  message(FATAL_ERROR "no stacksplit target with tests and experiments off:\n${targets}")
endif()
string(REGEX MATCHALL "\\.\\.\\. [A-Za-z0-9_.-]*(_test|benchmark)\n" extra "${targets}")
if(extra)
  message(FATAL_ERROR "tests or benchmarks configured though off: ${extra}")
endif()

message(STATUS "tests and experiments off: no test or benchmark target; scripts/demo builds stacksplit alone")
file(REMOVE_RECURSE "${WORK}")
