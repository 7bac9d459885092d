// Conformance scenarios are data: each file is a session with the verdicts it must produce.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDiagnostic, runScenario } from '@semantic-anchors/engine';
import { readFile } from './helpers.js';

const dir = join(dirname(fileURLToPath(import.meta.url)), 'conformance');

describe('conformance scenarios', () => {
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.scenario.yaml'))) {
    it(name, () => {
      const file = join(dir, name);
      const report = runScenario(readFileSync(file, 'utf8'), file, readFile);
      expect(report.diagnostics.map(formatDiagnostic)).toEqual([]);
      expect(report.steps.length).toBeGreaterThan(3);
    });
  }
});
