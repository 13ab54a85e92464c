" Vim syntax file for .stack layout files (stackc).
" The tokens are those of Grammar/stack.ebnf and Sources/StackSyntax/Lexer.swift; the attribute values
" (enum cases, priority names) those of Sources/StackSemantics/AttributeTable.swift and LayoutModel.swift.
" Grammar/stack.tmLanguage.json scopes the same things for TextMate editors. Tests/Editor/test_vim.py checks
" the groups of chosen tokens, that both kinds of highlighting agree on a sample, and that the word lists below
" are the language's.

if exists("b:current_syntax")
  finish
endif

let s:cpo_save = &cpo
set cpo&vim

syntax case match

" Operators come first: of several matches that start at the same column the last defined wins, so the
" comments below take `//` and `/*` from the `/` operator.
syntax match stackOperator "[-+*/=@]"
syntax match stackRelation "==\|<=\|>="
" The size operator: `24 x 24`, or `24x24` where the lexer ends a number at the `x`.
syntax match stackOperator "\<x\>\|\%(\d\)\@<=x\%([ \t]*[A-Za-z0-9_(.-]\)\@="

" Identifiers in general, then the more specific kinds of names (later definitions win).
syntax match stackMember "\%(\w\.\)\@<=\h\w*"
syntax match stackAnchor "\%(\w\.\)\@<=\%(leading\|trailing\|left\|right\|top\|bottom\|width\|height\|centerX\|centerY\|firstBaseline\|lastBaseline\)\>"
syntax match stackTypeName "\<\u\w*\>"
syntax match stackElement "\<\%(hstack\|vstack\|view\|label\|image\|button\|spacer\)\>"

" The item name after an element kind or a component name: `hstack toolbar`, `Card first`.
syntax match stackItemName "\%(\<\%(hstack\|vstack\|view\|label\|image\|button\|spacer\|\u\w*\)[ \t]\+\)\@<=\%(\%(hstack\|vstack\|view\|label\|image\|button\|spacer\|let\|component\|constraints\|true\|false\|none\)\>\)\@![a-z_]\w*\>"
" The name a `let` declares.
syntax match stackConstantName "\%(\<let[ \t]\+\)\@<=\h\w*"
" Attribute labels, arguments and component parameters: `spacing:`.
syntax match stackAttribute "\<\h\w*\ze\s*:"

" Attribute values that are words: enum cases right after a label (`alignment: .center`,
" `distribution: fillEqually`) or a default (`= center`), and the named priorities anywhere.
syntax match stackEnumCase "\%([:=][ \t]*\)\@<=\.\=\<\%(fill\|fillEqually\|fillProportionally\|equalSpacing\|equalCentering\|leading\|top\|center\|trailing\|bottom\|firstBaseline\|lastBaseline\)\>"
syntax keyword stackPriority required defaultHigh defaultLow fittingSizeLevel

syntax keyword stackKeyword let component constraints
syntax keyword stackBoolean true false
syntax keyword stackNone none

" Numbers: `12`, `1.5`; not the digits inside an identifier, but the second number of `24x24`.
syntax match stackNumber "\%(\%([[:alnum:]_.]\)\@<!\|\%(\dx\)\@<=\)\d\+\%(\.\d\+\)\="

" Strings end at the closing quote or at the end of the line (the lexer reports the missing quote).
syntax region stackString start=+"+ skip=+\\\\\|\\"+ end=+"\|$+ oneline contains=stackEscape,stackBadEscape
syntax match stackBadEscape "\\." contained
syntax match stackEscape +\\["\\nt]+ contained

syntax keyword stackTodo TODO FIXME XXX NOTE contained
syntax match stackLineComment "//.*$" contains=stackTodo,@Spell
" Block comments nest, as in Swift.
syntax region stackBlockComment start="/\*" end="\*/" contains=stackBlockComment,stackTodo,@Spell

" Block comments nest and span lines, so no pattern finds a safe place to start in the middle of a file:
" highlighting starts at the top (.stack files are short).
syntax sync fromstart

highlight default link stackLineComment Comment
highlight default link stackBlockComment Comment
highlight default link stackTodo Todo
highlight default link stackKeyword Keyword
highlight default link stackElement Structure
highlight default link stackTypeName Type
highlight default link stackItemName Identifier
highlight default link stackConstantName Identifier
highlight default link stackAttribute Label
highlight default link stackMember Identifier
highlight default link stackAnchor Function
highlight default link stackEnumCase Constant
highlight default link stackPriority Constant
highlight default link stackBoolean Boolean
highlight default link stackNone Constant
highlight default link stackNumber Number
highlight default link stackString String
highlight default link stackEscape SpecialChar
highlight default link stackBadEscape Error
highlight default link stackOperator Operator
highlight default link stackRelation Operator

let b:current_syntax = "stack"

let &cpo = s:cpo_save
unlet s:cpo_save
