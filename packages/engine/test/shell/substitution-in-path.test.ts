// A command substitution in a written path stays one name in its folder: its arguments' slashes do not make folders
// (round 44: `cat > "docs/decisions/ADR-$("$SCRIPT_DIR/next.sh" "$ADR_DIR")-$SLUG.md"` went past the ADR naming rule).
import { describe, expect, it } from 'vitest';
import { substitutionsInPlace } from '../../src/shell/collector.js';
import { parseShell } from '../../src/shell/index.js';

describe('a command substitution in a path the model cannot know', () => {
  it.each([
    ['docs/adr/ADR-$(./next.sh docs/adr)-x.md', 'docs/adr/ADR-$(…)-x.md'],
    [
      'docs/adr/$("$D/next.sh" "$A")-$(echo "$T" | tr \'[:upper:]\' \'[:lower:]\').md',
      "docs/adr/$(…)-$(echo \"$T\" | tr '[:upper:]' '[:lower:]').md",
    ],
    ['docs/adr/`./bin/next docs/adr`-x.md', 'docs/adr/`…`-x.md'],
    ['out/$(date +%s).log', 'out/$(date +%s).log'],
    ['docs/adr/$(printf ")/(" x/y)-x.md', 'docs/adr/$(…)-x.md'],
    ['docs/$(unclosed/x', 'docs/$(unclosed/x'],
  ])('%s is %s', (path, shown) => {
    expect(substitutionsInPlace(path)).toBe(shown);
  });

  it('keeps a redirect target in the folder it names', () => {
    const model = parseShell('echo x > "docs/adr/ADR-$(./next.sh docs/adr)-split.md"');
    expect(model.effects.find((e) => e.kind === 'write')?.path).toBe('docs/adr/ADR-$(…)-split.md');
  });
});
