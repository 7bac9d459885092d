// Replays a scenario file (events with expected verdicts) against a configuration and reports every step that
// differs. The configuration is loaded through the caller's readFile; nothing here touches the disk.
import { Scenario } from '../schema/index.js';
import type { Diagnostic } from '../diagnostics.js';
import { loadConfig, locate, parseYaml, isPresetReference, type LoadResult } from '../load/index.js';
import { issuesToDiagnostics } from '../load/issues.js';
import { compile, type ProtectOptions } from '../compile/index.js';
import { startState, step } from '../evaluate/step.js';
import type { Verdict } from '../evaluate/verdict.js';
import { findPreset } from '../catalogue.js';
import { dirname, joinPath } from '../matchers/paths.js';

export interface ScenarioStepResult {
  readonly index: number;
  readonly verdict: Verdict;
  readonly passed: boolean;
}

export interface ScenarioReport {
  readonly name: string | undefined;
  readonly steps: readonly ScenarioStepResult[];
  readonly diagnostics: readonly Diagnostic[];
  readonly config: LoadResult | undefined;
}

export const isScenarioText = (text: string): boolean => /^scenario\s*:/m.test(text) && /^steps\s*:/m.test(text);

export function runScenario(
  text: string,
  file: string,
  readFile: (path: string) => string | undefined,
): ScenarioReport {
  const parsed = parseYaml(text, file);
  if (parsed.data === undefined)
    return { name: undefined, steps: [], diagnostics: parsed.diagnostics, config: undefined };
  const result = Scenario.safeParse(parsed.data);
  if (!result.success) {
    return {
      name: undefined,
      steps: [],
      diagnostics: issuesToDiagnostics(result.error.issues, parsed, []),
      config: undefined,
    };
  }
  const scenario = result.data;
  let configText: string | undefined;
  let configFile: string;
  if (isPresetReference(scenario.config) && findPreset(scenario.config)) {
    configFile = findPreset(scenario.config)!.file;
    configText = findPreset(scenario.config)!.text;
  } else {
    configFile = joinPath(dirname(file), scenario.config);
    configText = readFile(configFile);
  }
  if (configText === undefined) {
    return {
      name: scenario.scenario,
      steps: [],
      config: undefined,
      diagnostics: [
        {
          code: 'extends-unreadable',
          severity: 'error',
          file,
          path: ['config'],
          position: locate(parsed, ['config']),
          message: `cannot read the configuration "${scenario.config}" (looked for ${configFile})`,
          hint: 'give a path relative to the scenario file, or a bundled preset id',
        },
      ],
    };
  }
  const loaded = loadConfig(configText, { file: configFile, readFile });
  const policy = compile(loaded.config, {
    ...(scenario.root ? { root: scenario.root } : {}),
    ...(scenario.shellSession ? { shellSession: scenario.shellSession } : {}),
    ...(scenario.protect ? { protect: scenario.protect as ProtectOptions } : {}),
  });
  let state = startState(policy, scenario.agent);
  if (scenario.role) state = { ...state, role: scenario.role, roles: [scenario.role] };
  const steps: ScenarioStepResult[] = [];
  const diagnostics: Diagnostic[] = [];
  scenario.steps.forEach((s, index) => {
    const r = step(policy, state, s.event);
    state = r.state;
    const problems: string[] = [];
    if (s.expect !== undefined && r.verdict.decision !== s.expect)
      problems.push(`expected ${s.expect}, got ${r.verdict.decision}`);
    if (s.contracts !== undefined) {
      const got = r.verdict.matches.map((m) => m.id).sort();
      const want = [...s.contracts].sort();
      if (got.join(',') !== want.join(','))
        problems.push(`expected contracts [${want.join(', ')}], got [${got.join(', ')}]`);
    }
    if (s.granted !== undefined && r.verdict.bypass.granted !== s.granted)
      problems.push(`expected the bypass to be ${s.granted ? 'granted' : 'refused'}: ${r.verdict.notice ?? ''}`);
    if (s.notice !== undefined && !(r.verdict.notice ?? '').includes(s.notice))
      problems.push(`expected the notice to contain "${s.notice}", got "${r.verdict.notice ?? ''}"`);
    steps.push({ index, verdict: r.verdict, passed: problems.length === 0 });
    if (problems.length > 0) {
      const path = ['steps', index];
      diagnostics.push({
        code: 'example-failed',
        severity: 'error',
        file,
        path,
        position: locate(parsed, path),
        message: `step ${index + 1}${s.note ? ` (${s.note})` : ''}: ${problems.join('; ')}`,
        hint:
          r.verdict.matches.length > 0
            ? `matched: ${r.verdict.matches.map((m) => `${m.id} (${m.held.join('; ')})`).join(' | ')}`
            : 'no contract matched this event',
      });
    }
  });
  return {
    name: scenario.scenario,
    steps,
    diagnostics: [...loaded.diagnostics.filter((d) => d.severity === 'error'), ...diagnostics],
    config: loaded,
  };
}
