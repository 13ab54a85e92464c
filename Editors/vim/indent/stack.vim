" Indentation for .stack layout files, as `stackc fmt` indents: one level (shiftwidth) inside each
" `{ }` block and each `( )` list that spans lines; a line that starts with `}` or `)` lines up with
" the line that opened it.
if exists("b:did_indent")
  finish
endif
let b:did_indent = 1

setlocal indentexpr=StackIndent(v:lnum)
setlocal indentkeys=0{,0},0),!^F,o,O,e
setlocal nolisp nosmartindent nocindent autoindent

let b:undo_indent = "setlocal indentexpr< indentkeys< lisp< smartindent< cindent< autoindent<"

if exists("*StackIndent")
  finish
endif

" Brackets inside strings and comments do not count (known only where syntax highlighting is on).
function! s:InStringOrComment() abort
  return synIDattr(synID(line("."), col("."), 0), "name") =~# '^stack\%(String\|Escape\|BadEscape\|LineComment\|BlockComment\|Todo\)$'
endfunction

function! StackIndent(lnum) abort
  " The inside of a block comment keeps the indentation its author gave it.
  let first = match(getline(a:lnum), '\S') + 1
  if first > 0 && getline(a:lnum)[first - 1 : first] !=# '/*'
        \ && synIDattr(synID(a:lnum, first, 0), "name") ==# 'stackBlockComment'
    return -1
  endif
  let saved = getcurpos()
  call cursor(a:lnum, 1)
  " The innermost bracket still open where the line starts (searched backwards, skipping matched pairs).
  let [line, column] = searchpairpos('[({]', '', '[)}]', 'bnW', 's:InStringOrComment()')
  call setpos(".", saved)
  if line == 0
    return 0
  endif
  let closes = getline(a:lnum) =~# '^\s*[)}]'
  return indent(line) + (closes ? 0 : shiftwidth())
endfunction
