// The VS Code side of stackc: runs `stackc lsp` for .stack files (diagnostics, completion, hover, go to
// definition, formatting, quick fixes) and restarts it when `stackc.path` changes. Highlighting, comments,
// brackets and indentation come from the manifest (package.json) without any code.
"use strict";

const os = require("os");
const path = require("path");
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

/** The running client, or undefined while none runs. */
let client;

/** The executable the `stackc.path` setting names, with a leading `~/` as the home folder. */
function serverCommand() {
  const configured = vscode.workspace.getConfiguration("stackc").get("path") || "stackc";
  return configured.startsWith("~/") ? path.join(os.homedir(), configured.slice(2)) : configured;
}

/** Starts `stackc lsp`; a failure (no such executable) is reported once, with the setting to change. */
async function start() {
  const command = serverCommand();
  const candidate = new LanguageClient(
    "stackc",
    "stackc",
    { command, args: ["lsp"] },
    { documentSelector: [{ language: "stack" }] },
  );
  try {
    await candidate.start();
    client = candidate;
  } catch (error) {
    vscode.window.showErrorMessage(
      `stackc: cannot start the language server \`${command} lsp\` (${error.message || error}); ` +
        "install stackc on PATH or set stackc.path.",
    );
  }
}

async function stop() {
  const running = client;
  client = undefined;
  if (running) {
    await running.stop();
  }
}

/** The last restart: restarts run one after another, so two quick ones never leave two servers running. */
let restarting = Promise.resolve();

function restart() {
  restarting = restarting.then(async () => {
    await stop();
    await start();
  });
  return restarting;
}

/** Called by VS Code when the first .stack file opens. */
async function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand("stackc.restartServer", restart),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration("stackc.path")) {
        return restart();
      }
      return undefined;
    }),
  );
  await start();
}

/** Called by VS Code on shutdown: stops the server. */
function deactivate() {
  return stop();
}

module.exports = { activate, deactivate };
