// The shell model as the other stages reach it: the one module that imports it for them (facts, step). A host whose
// start must stay short swaps this module for shell-model-deferred.ts, which loads the model with a dynamic import:
// the plugin's build does (packages/plugin/scripts/deferred-shell.ts). Here the model is imported statically and is
// always there; loadShellModel resolves at once.
import { allRecipes, parseShell, sameModel, scanOneLiner } from '../shell/model.js';

/** What the stages use of the shell model. */
export interface ShellModelApi {
  readonly parseShell: typeof parseShell;
  readonly sameModel: typeof sameModel;
  /** A Makefile's recipe lines and a program's calls, for run-later code that reaches outside (run-later-reach.ts). */
  readonly allRecipes: typeof allRecipes;
  readonly scanOneLiner: typeof scanOneLiner;
}

const MODEL: ShellModelApi = { parseShell, sameModel, allRecipes, scanOneLiner };

/** The shell model; in the deferred variant it throws until loadShellModel has resolved. */
export const shellModel = (): ShellModelApi => MODEL;

/** Loads the shell model (here: already loaded). A host awaits it before it hands the engine a tool call. */
export const loadShellModel = (): Promise<ShellModelApi> => Promise.resolve(MODEL);
