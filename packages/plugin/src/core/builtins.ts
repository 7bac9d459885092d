// Node built-ins the plugin needs only once it works (a part id, a hash, a git command, the sandbox), loaded on first
// use with process.getBuiltinModule (Node >= 20.16, Bun) rather than imported. In opencode's Bun, importing
// node:crypto, node:child_process and node:net loads them and the stream modules beneath them before the plugin can
// judge its first call: ~4 ms of CPU of its start (measured in opencode's Bun 1.3.14), for calls that come later.
// Each kept once loaded: a hash on the result check's path should not look the module up again.
let cryptoModule: typeof import('node:crypto') | undefined;
let childProcessModule: typeof import('node:child_process') | undefined;
let netModule: typeof import('node:net') | undefined;
export const crypto = () => (cryptoModule ??= process.getBuiltinModule('node:crypto'));
export const childProcess = () => (childProcessModule ??= process.getBuiltinModule('node:child_process'));
export const net = () => (netModule ??= process.getBuiltinModule('node:net'));
