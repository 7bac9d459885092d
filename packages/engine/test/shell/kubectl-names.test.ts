// `kubectl get KIND -o name` prints `kind/<name>` per object: the kind known, the names not. What reads that output
// whole (a substitution, a loop, xargs) gets the kind; a filter over it (grep, wc) prints what the model cannot know.
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';

const deletes = (source: string): (readonly string[])[] =>
  parseShell(source)
    .commands.filter((c) => c.program === 'kubectl' && c.positionals[0] === 'delete')
    .map((c) => c.positionals);

describe('kubectl get -o name', () => {
  it.each([
    ['kubectl delete $(kubectl get pv -o name)', 'persistentvolume/⟨name⟩'],
    [
      'for r in $(kubectl get pvc -n data -o name); do kubectl delete "$r" -n data; done',
      'persistentvolumeclaim/⟨name⟩',
    ],
    ['while read -r c; do kubectl delete "$c"; done < <(kubectl get ns -o name)', 'namespace/⟨name⟩'],
    ['kubectl delete $(kubectl -n data get --output=name deploy)', 'deployment.apps/⟨name⟩'],
  ])('%s deletes %s', (source, target) => {
    expect(deletes(source)).toContainEqual(['delete', target]);
  });

  it('names each kind of a list', () => {
    expect(deletes('kubectl delete $(kubectl get pv,pvc -o name)')).toContainEqual([
      'delete',
      'persistentvolume/⟨name⟩',
      'persistentvolumeclaim/⟨name⟩',
    ]);
  });

  it('without -o name prints a table the model does not read', () => {
    expect(deletes('kubectl delete $(kubectl get pv)')[0]).not.toContain('persistentvolume/⟨name⟩');
  });

  it('a filter over the output prints what the model cannot know', () => {
    const [del] = deletes('kubectl delete $(kubectl get pods -o name | grep old)');
    expect(del).toBeDefined();
    expect(del?.some((w) => w.startsWith('pod/'))).toBe(false);
  });
});
