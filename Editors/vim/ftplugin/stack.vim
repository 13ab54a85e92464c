" Settings for .stack layout files: comments as `stackc fmt` writes them (`//`, nesting `/* */`) and its
" four-space indentation.
if exists("b:did_ftplugin")
  finish
endif
let b:did_ftplugin = 1

setlocal commentstring=//\ %s
setlocal comments=s1:/*,mb:*,ex:*/,://
setlocal formatoptions-=t formatoptions+=croql
setlocal expandtab shiftwidth=4 softtabstop=4
setlocal iskeyword=@,48-57,_,192-255
setlocal matchpairs=(:),{:}

let b:undo_ftplugin = "setlocal commentstring< comments< formatoptions< expandtab< shiftwidth< softtabstop<"
      \ . " iskeyword< matchpairs<"
