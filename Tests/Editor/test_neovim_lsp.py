"""README's Neovim setup (init.lua), run as it is in headless Neovim with `stackc` on PATH: opening a .stack
file gives the filetype and syntax of Editors/vim, starts `stackc lsp` and attaches the buffer; the server's
diagnostics arrive; a second file attaches to the same client; formatting and a quick fix go through the
server (the functions README names for the running version). On Neovim 0.7 this runs the snippet's
`vim.lsp.start_client` branch, from 0.8 its `vim.lsp.start` one.
"""

from __future__ import annotations

import os

from editor_programs import read_result, readme_block, run_editor, script

CHECK = r'''
local function clients(buf)
  local found = {}
  local attached = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = buf }) or vim.lsp.buf_get_clients(buf)
  for _, client in pairs(attached) do table.insert(found, { id = client.id, name = client.name }) end
  return found
end

local function diagnostics(buf)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(found, { line = d.lnum, column = d.col, message = d.message, severity = d.severity })
  end
  return found
end

local function check()
  local result = { version = tostring(vim.version().major) .. "." .. tostring(vim.version().minor) }
  local wrong = vim.fn.bufnr(vim.g.stack_wrong)
  result.filetype = vim.bo[wrong].filetype
  result.syntax = vim.b[wrong].current_syntax or ""
  result.wrong_arrived = vim.wait(30000, function() return #vim.diagnostic.get(wrong) > 0 end, 50)
  result.wrong = { clients = clients(wrong), diagnostics = diagnostics(wrong) }

  vim.cmd("edit " .. vim.fn.fnameescape(vim.g.stack_other))
  local other = vim.api.nvim_get_current_buf()
  result.other_arrived = vim.wait(30000, function() return #vim.diagnostic.get(other) > 0 end, 50)
  result.other = { clients = clients(other), diagnostics = diagnostics(other) }

  vim.cmd("edit " .. vim.fn.fnameescape(vim.g.stack_messy))
  local messy = vim.api.nvim_get_current_buf()
  vim.wait(30000, function() return #clients(messy) > 0 end, 50)
  local before = vim.api.nvim_buf_get_changedtick(messy)
  if vim.lsp.buf.format then vim.lsp.buf.format() else vim.lsp.buf.formatting() end
  result.formatted = vim.wait(30000, function() return vim.api.nvim_buf_get_changedtick(messy) ~= before end, 50)
  result.lines = vim.api.nvim_buf_get_lines(messy, 0, -1, false)

  -- A quick fix: the editor's menu of actions answers with the first one.
  vim.cmd("edit " .. vim.fn.fnameescape(vim.g.stack_fixable))
  local fixable = vim.api.nvim_get_current_buf()
  result.fixable_arrived = vim.wait(30000, function() return #vim.diagnostic.get(fixable) > 0 end, 50)
  vim.api.nvim_win_set_cursor(0, { 2, 5 })
  vim.ui.select = function(items, _, choose) choose(items[1], 1) end
  vim.lsp.buf.code_action()
  result.fixed = vim.wait(30000, function()
    return vim.api.nvim_buf_get_lines(fixable, 1, 2, false)[1] ~= "    vew a(intrinsic: 10 x 10)"
  end, 50)
  result.fixed_line = vim.api.nvim_buf_get_lines(fixable, 1, 2, false)[1]
  return result
end

local ok, result = pcall(check)
if not ok then result = { error = tostring(result) } end
vim.fn.writefile({ vim.fn.json_encode(result) }, vim.g.stack_result)
vim.cmd("qall!")
'''


def test_readme_neovim_setup_starts_the_server(stackc, run_stackc, tmp_path):
    init = tmp_path / "init.lua"
    init.write_text(readme_block("neovim-setup", "lua"), encoding="utf-8")
    # The snippet runs `stackc` from PATH, as README tells users to install it.
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    (bin_folder / "stackc").symlink_to(stackc)
    wrong = tmp_path / "wrong.stack"
    wrong.write_text('hstack bar {\n    label title(text: 3)\n}\n', encoding="utf-8")
    other = tmp_path / "other.stack"
    other.write_text('vstack list(spacing: 8, alignment: middle) {\n    label a\n}\n', encoding="utf-8")
    messy = tmp_path / "messy.stack"
    messy.write_text('hstack  row(spacing:8){label a(text:"x")\nspacer}\n', encoding="utf-8")
    fixable = tmp_path / "fixable.stack"
    fixable.write_text("hstack bar {\n    vew a(intrinsic: 10 x 10)\n}\n", encoding="utf-8")
    check = script(tmp_path, "check.lua", CHECK, {
        "stack_wrong": wrong, "stack_other": other, "stack_messy": messy, "stack_fixable": fixable,
        "stack_result": tmp_path / "result.json",
    })
    path = f"{bin_folder}{os.pathsep}{os.environ.get('PATH', '')}"
    run = run_editor("nvim", init, check, [wrong], tmp_path / "home", path=path)
    result = read_result(tmp_path / "result.json", run)

    assert (result["filetype"], result["syntax"]) == ("stack", "stack")
    assert result["wrong_arrived"], result
    assert [client["name"] for client in result["wrong"]["clients"]] == ["stackc"]
    # Hand-written: `text:` takes a string (0-based line 1, the column of the 3).
    assert [(d["line"], d["column"], d["severity"]) for d in result["wrong"]["diagnostics"]] == [(1, 22, 1)]
    assert "expected a string for 'text'" in result["wrong"]["diagnostics"][0]["message"]

    assert result["other_arrived"], result
    assert result["other"]["clients"] == result["wrong"]["clients"], "one client serves both buffers"
    assert any("middle" in d["message"] for d in result["other"]["diagnostics"]), result["other"]

    assert result["formatted"], result
    expected = run_stackc("fmt", str(messy))
    assert expected.returncode == 0, expected.stderr
    assert "\n".join(result["lines"]) + "\n" == expected.stdout
    assert expected.stdout != messy.read_text(encoding="utf-8")

    # The fix-it of "unknown element 'vew'; did you mean 'view'?", applied through code_action.
    assert result["fixable_arrived"] and result["fixed"], result
    assert result["fixed_line"] == "    view a(intrinsic: 10 x 10)"
