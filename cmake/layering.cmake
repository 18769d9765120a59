# Keeps the libraries' dependencies one way. Every library declares its folder and the
# libraries it uses (shithead_layer); shithead_check_layers() then reads every source and
# header in each folder and stops the configure step if one includes a header from a
# folder that is neither its own nor one of its dependencies' (directly or through
# others). The linker alone cannot tell: all headers sit under one include root, and
# a static library may name symbols that another library linked later provides.
include_guard(GLOBAL)

# shithead_layer(target folder [dependency ...]): `folder` relative to the project root;
# dependencies that are not our libraries (Boost::headers, ...) are ignored.
function(shithead_layer target folder)
  set_property(GLOBAL APPEND PROPERTY SHITHEAD_LAYERS ${target})
  set_property(GLOBAL PROPERTY SHITHEAD_LAYER_FOLDER_${target} ${folder})
  set_property(GLOBAL PROPERTY SHITHEAD_LAYER_DEPS_${target} ${ARGN})
endfunction()

# The folders `target` may include from: its own and those of everything it uses.
function(_shithead_reachable target out)
  set(seen "")
  set(todo ${target})
  get_property(layers GLOBAL PROPERTY SHITHEAD_LAYERS)
  while(todo)
    list(POP_FRONT todo current)
    if(current IN_LIST seen OR NOT current IN_LIST layers)
      continue()
    endif()
    list(APPEND seen ${current})
    get_property(deps GLOBAL PROPERTY SHITHEAD_LAYER_DEPS_${current})
    list(APPEND todo ${deps})
  endwhile()
  set(folders "")
  foreach(layer IN LISTS seen)
    get_property(folder GLOBAL PROPERTY SHITHEAD_LAYER_FOLDER_${layer})
    list(APPEND folders ${folder})
  endforeach()
  set(${out} ${folders} PARENT_SCOPE)
endfunction()

function(shithead_check_layers)
  get_property(layers GLOBAL PROPERTY SHITHEAD_LAYERS)
  set(all_folders "")
  foreach(layer IN LISTS layers)
    get_property(folder GLOBAL PROPERTY SHITHEAD_LAYER_FOLDER_${layer})
    list(APPEND all_folders ${folder})
  endforeach()
  set(problems "")
  foreach(layer IN LISTS layers)
    get_property(folder GLOBAL PROPERTY SHITHEAD_LAYER_FOLDER_${layer})
    _shithead_reachable(${layer} allowed)
    list(JOIN allowed ", " allowed_text)
    file(GLOB files CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/${folder}/*.cpp ${PROJECT_SOURCE_DIR}/${folder}/*.hpp)
    foreach(file IN LISTS files)
      file(STRINGS ${file} includes REGEX "^#include \"[^\"]+\"")
      foreach(line IN LISTS includes)
        string(REGEX REPLACE "^#include \"([^\"]+)/[^/\"]+\".*" "\\1" included_folder "${line}")
        if(included_folder STREQUAL line)
          continue()  # a header beside the file, without a folder
        endif()
        # Only our own libraries' folders are checked; others (nlohmann/, boost/) are not ours.
        if(NOT included_folder IN_LIST all_folders)
          continue()
        endif()
        if(NOT included_folder IN_LIST allowed)
          file(RELATIVE_PATH shown ${PROJECT_SOURCE_DIR} ${file})
          list(APPEND problems "  ${shown}: ${line} (${layer} may use: ${allowed_text})")
        endif()
      endforeach()
    endforeach()
  endforeach()
  if(problems)
    list(JOIN problems "\n" text)
    message(FATAL_ERROR "A library includes a header of a library it does not depend on:\n${text}\n"
                        "Move the code to the lower library, or declare the dependency if it points downwards.")
  endif()
endfunction()
