# The wasm preset (docs/playground.md): the toolkit's scene layer, the theory's stability functions, the scene
# drawing and the playground's engine compiled by Debian's em++ (emscripten 3.1.6) into one module, embedded with
# the page's script into one self-contained HTML file: ${CMAKE_BINARY_DIR}/playground.html. Included by the
# top-level CMakeLists.txt when the toolchain is Emscripten; nothing else of the project is built.
#
# The third-party headers (Eigen, Boost, toml++, fmt: Debian's packages, header-only here) are given to em++ through
# a folder of links, so /usr/include itself (glibc's headers) never reaches the WebAssembly compile.
set(shim ${CMAKE_BINARY_DIR}/third-party-include)
file(MAKE_DIRECTORY ${shim})
foreach(pair "Eigen=/usr/include/eigen3/Eigen" "boost=/usr/include/boost" "toml++=/usr/include/toml++" "fmt=/usr/include/fmt")
  string(REPLACE "=" ";" pair "${pair}")
  list(GET pair 0 name)
  list(GET pair 1 target)
  if(NOT EXISTS ${target})
    message(FATAL_ERROR "wasm preset: ${target} is missing (scripts/install-deps installs it)")
  endif()
  file(CREATE_LINK ${target} ${shim}/${name} SYMBOLIC)
endforeach()
foreach(lib Eigen3::Eigen Boost::headers fmt::fmt tomlplusplus::tomlplusplus)
  add_library(${lib} INTERFACE IMPORTED)
  target_include_directories(${lib} SYSTEM INTERFACE ${shim})
endforeach()
target_compile_definitions(fmt::fmt INTERFACE FMT_HEADER_ONLY=1)

# std::from_chars for double, missing from emscripten 3.1.6's libc++ (wasm_compat.hpp), in every compile here.
add_compile_options(-include ${PROJECT_SOURCE_DIR}/experiments/playground/wasm_compat.hpp)
# C++ exceptions caught (emscripten's default aborts at a throw): the loader's SceneError, a run's NonFiniteState
# become the page's messages. In every compile and the link.
add_compile_options(-sDISABLE_EXCEPTION_CATCHING=0)

add_library(verisim_warnings INTERFACE)
target_compile_options(verisim_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion
                       $<$<BOOL:${VERISIM_WERROR}>:-Werror>)
add_subdirectory(toolkit)
set_target_properties(verisim_theory PROPERTIES EXCLUDE_FROM_ALL ON)  # the module compiles stability.cpp alone

include(experiments/playground/bundled_scenes.cmake)
verisim_bundled_scenes(${CMAKE_BINARY_DIR}/generated/bundled_scenes.cpp)
set(pg ${PROJECT_SOURCE_DIR}/experiments/playground)
add_executable(verisim_playground_module
  ${pg}/bindings.cpp ${pg}/playground.cpp ${CMAKE_BINARY_DIR}/generated/bundled_scenes.cpp
  ${PROJECT_SOURCE_DIR}/experiments/report/scene_drawing.cpp
  ${PROJECT_SOURCE_DIR}/experiments/io/escape.cpp ${PROJECT_SOURCE_DIR}/experiments/io/json.cpp
  ${PROJECT_SOURCE_DIR}/experiments/io/number.cpp ${PROJECT_SOURCE_DIR}/experiments/io/text.cpp
  ${PROJECT_SOURCE_DIR}/toolkit/theory/stability.cpp)
target_include_directories(verisim_playground_module PRIVATE ${PROJECT_SOURCE_DIR})
target_link_libraries(verisim_playground_module PRIVATE verisim::scene verisim::tableaus verisim_warnings)
set_target_properties(verisim_playground_module PROPERTIES OUTPUT_NAME playground_module SUFFIX ".js")
# embind; the .wasm inside the .js (base64), so the page is one file that opens from file://; the heap grows as a
# run needs; a factory function (MODULARIZE), so the page and node create it the same way.
target_link_options(verisim_playground_module PRIVATE --bind -sSINGLE_FILE=1 -sALLOW_MEMORY_GROWTH=1 -sMODULARIZE=1
                    -sEXPORT_NAME=createVerisimPlayground -sENVIRONMENT=web,node -sDISABLE_EXCEPTION_CATCHING=0)

# The page: page.html with its style, the drawer of the scene pages (experiments/report/scene_animation.js), the
# playground's script and the module, inlined (assemble_page.cmake).
set(page ${CMAKE_BINARY_DIR}/playground.html)
add_custom_command(OUTPUT ${page}
  COMMAND ${CMAKE_COMMAND} -DPAGE_HTML=${pg}/page.html -DPAGE_JS=${pg}/playground.js
          -DDRAWER_JS=${PROJECT_SOURCE_DIR}/experiments/report/scene_animation.js
          -DMODULE_JS=$<TARGET_FILE:verisim_playground_module> -DOUT=${page} -P ${pg}/assemble_page.cmake
  DEPENDS verisim_playground_module ${pg}/page.html ${pg}/playground.js ${pg}/assemble_page.cmake
          ${PROJECT_SOURCE_DIR}/experiments/report/scene_animation.js
  COMMENT "Assembling the playground page ${page}")
add_custom_target(verisim_playground_page ALL DEPENDS ${page})

# Tests of the module under node (the browser and native/WASM agreement tests are in the release preset's
# tests/playground: they need the native build and chromium).
enable_testing()
find_program(NODE node REQUIRED)
add_test(NAME PlaygroundModule.Node
         COMMAND ${NODE} ${pg}/test/module_test.js $<TARGET_FILE:verisim_playground_module>)
