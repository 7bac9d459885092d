import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { attachedPaths, messageText, withholdInPlace } from './parts.js';

const recorded = () =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../test/fixtures/v1/chat.message.with-file.build.json'), 'utf8'),
  ).output.parts as unknown[];

describe('opencode 1.18 message parts', () => {
  it('reads the human words and the attached paths of the recorded message', () => {
    const parts = recorded();
    expect(messageText(parts)).toBe('look at this file');
    expect(attachedPaths(parts)).toEqual(['/SANDBOX/project/notes.txt']);
  });

  it('withholds a file: marker, content and file part go, the note takes the first removed id', () => {
    const parts = recorded();
    const same = parts;
    expect(withholdInPlace(parts, ['/SANDBOX/project/notes.txt'], 'withheld!')).toBe(3);
    expect(parts).toBe(same); // edited in place: opencode keeps its own reference to this array
    expect(parts).toEqual([
      expect.objectContaining({ text: 'look at this file' }),
      {
        id: 'prt_228a63512002Vv3Xg0Hq72cLX3',
        sessionID: 'ses_dd759d142ffewqD37g18fYmfAH',
        messageID: 'msg_228a634fb001zVP0Yjhm7af1y4',
        type: 'text',
        text: 'withheld!',
      },
    ]);
  });

  it('keeps the other attachment of a message with two', () => {
    const one = recorded();
    const two = JSON.parse(JSON.stringify(one.slice(1)).replaceAll('notes.txt', 'other.txt')) as unknown[];
    const parts = [...one, ...two];
    withholdInPlace(parts, ['/SANDBOX/project/notes.txt'], 'withheld!');
    expect(attachedPaths(parts)).toEqual(['/SANDBOX/project/other.txt']);
    expect(JSON.stringify(parts)).toContain(
      'Called the Read tool with the following input: {\\"filePath\\":\\"/SANDBOX/project/other.txt\\"}',
    );
  });
});
