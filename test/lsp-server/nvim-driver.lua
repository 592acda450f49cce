-- Drives Neovim's built-in LSP client (0.7+ API: start_client / buf_attach_client) against `faultline lsp`:
-- a failing run shows, a passing run clears, a quick fix is applied from the editor. Results go to a JSON file.
local env = vim.env
local out = {}
local function shell(cmd) vim.fn.system(cmd) end
local function save() vim.fn.writefile({ vim.fn.json_encode(out) }, env.DRIVER_OUT) end

local client_id = vim.lsp.start_client({
  name = 'faultline',
  cmd = { env.FAULTLINE_NODE, env.FAULTLINE_CLI, 'lsp' },
  root_dir = env.WORKSPACE,
  workspace_folders = { { uri = vim.uri_from_fname(env.WORKSPACE), name = 'ws' } },
})
local function open(file)
  vim.cmd('edit ' .. vim.fn.fnameescape(env.WORKSPACE .. '/' .. file))
  local buf = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(buf, client_id)
  return buf
end
local function diagnostics(buf)
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local lsp = (d.user_data or {}).lsp or {}
    table.insert(list, { lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col, message = d.message,
      source = d.source, code = lsp.code, related = lsp.relatedInformation })
  end
  return list
end

local buf = open('a.ts')
vim.wait(10000, function() local c = vim.lsp.get_client_by_id(client_id); return c ~= nil and c.initialized end, 20)
shell(env.RUN_TSC)
vim.wait(10000, function() return #vim.diagnostic.get(buf) > 0 end, 20)
out.failing = diagnostics(buf)

-- Fix it in the editor and save, then the same command passes.
vim.api.nvim_buf_set_lines(buf, 1, 2, false, { 'const p: Point = { x: 1, y: 2 };' })
vim.cmd('write')
shell(env.RUN_TSC)
vim.wait(10000, function() return #vim.diagnostic.get(buf) == 0 end, 20)
out.passing = diagnostics(buf)

-- A tool's fix as a quick fix, applied from the editor.
local py = open('b.py')
shell(env.RUN_RUFF)
vim.wait(10000, function() return #vim.diagnostic.get(py) > 0 end, 20)
out.ruff = diagnostics(py)
local d = vim.diagnostic.get(py)[1]
local client = vim.lsp.get_client_by_id(client_id)
if d then
  local response = client.request_sync('textDocument/codeAction', {
    textDocument = { uri = vim.uri_from_bufnr(py) },
    range = { start = { line = d.lnum, character = d.col }, ['end'] = { line = d.end_lnum, character = d.end_col } },
    context = { diagnostics = { (d.user_data or {}).lsp } },
  }, 5000, py)
  out.actions = {}
  for _, action in ipairs((response or {}).result or {}) do
    table.insert(out.actions, { title = action.title, preferred = action.isPreferred == true })
    if action.isPreferred and not out.applied then
      vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding or 'utf-16')
      vim.api.nvim_set_current_buf(py)
      vim.cmd('write')
      out.applied = action.title
    end
  end
end
save()
vim.lsp.stop_client(client_id)
vim.wait(3000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 20)
vim.cmd('qall!')
