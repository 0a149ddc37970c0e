# `cmake --install`: the libraries a program builds on, their public headers
# and a package config, so that another project does
#
#   find_package(stacksplit CONFIG REQUIRED)
#   target_link_libraries(my_program PRIVATE stacksplit::stacksplit)  # or ::core, ::cli
#
# and gets the include path (<prefix>/include, the same paths as in the source
# tree) and every dependency from the config file; and the `stacksplit`
# program. The libraries of stacksplit's own apps, the analysis, the
# experiments and the tests are not part of the package.

include(CMakePackageConfigHelpers)

set(stacksplit_package_dir ${CMAKE_INSTALL_LIBDIR}/cmake/stacksplit)

# The scheme families are exported with the registry that links them.
install(TARGETS stacksplit_core stacksplit_cost_model stacksplit_schemes stacksplit_schemes_loop
                stacksplit_schemes_receiver stacksplit_schemes_sender stacksplit_cli
                stacksplit_embedding
        EXPORT stacksplitTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

# The public headers of the installed libraries. The engine's templates
# (core/run_search.hpp) include core/detail, core/runtime, core/sim and
# core/mpi, so those go too; the tests' helpers live under tests/ and do not.
foreach(folder core schemes apps/cli stacksplit)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${folder}/
          DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/${folder}
          FILES_MATCHING PATTERN "*.hpp")
endforeach()

# The program itself, with every app of the tree.
install(TARGETS stacksplit RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

install(EXPORT stacksplitTargets NAMESPACE stacksplit:: DESTINATION ${stacksplit_package_dir})

# The config file finds again what the libraries were built with.
if(MPI_CXX_FOUND)
  set(STACKSPLIT_WITH_MPI TRUE)
else()
  set(STACKSPLIT_WITH_MPI FALSE)
endif()
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/stacksplitConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/stacksplitConfig.cmake
                              INSTALL_DESTINATION ${stacksplit_package_dir})
# 0.x: a minor version may change the interface.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/stacksplitConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/stacksplitConfig.cmake
              ${PROJECT_BINARY_DIR}/stacksplitConfigVersion.cmake
        DESTINATION ${stacksplit_package_dir})
