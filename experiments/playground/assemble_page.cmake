# Inlines the playground's scripts and its WebAssembly module (one .js with the .wasm in base64) into page.html:
# one self-contained file, no network, no server (docs/playground.md). Run by wasm.cmake after the module links.
file(READ ${PAGE_HTML} html)
file(READ ${PAGE_JS} page_js)
file(READ ${DRAWER_JS} drawer_js)
file(READ ${MODULE_JS} module_js)
foreach(part page_js drawer_js module_js)
  string(FIND "${${part}}" "</script" bad)
  if(NOT bad EQUAL -1)
    message(FATAL_ERROR "${part} holds </script: it cannot be inlined")
  endif()
endforeach()
# SCENE_DATA: the scene page's data slot; the playground draws through verisimSceneDrawer alone.
string(REPLACE "SCENE_DATA" "null" drawer_js "${drawer_js}")
string(REPLACE "/*@DRAWER@*/" "${drawer_js}" html "${html}")
string(REPLACE "/*@MODULE@*/" "${module_js}" html "${html}")
string(REPLACE "/*@PLAYGROUND@*/" "${page_js}" html "${html}")
file(WRITE ${OUT}.tmp "${html}")
file(RENAME ${OUT}.tmp ${OUT})
