" .stack layout files (stackc). Vim and Neovim source ftdetect/ files from 'runtimepath' when
" filetype detection starts.
autocmd BufRead,BufNewFile *.stack setfiletype stack
