import { describe, expect, it } from 'vitest';
import { callDirective, parseDirectives } from './directives.js';
import { parseChatRequest, type ChatRequest } from './chat-request.js';
import { DEFAULT_FINAL_TEXT, nextReply, TITLE_TEXT } from './script-player.js';

function request(messages: unknown[], tools = ['bash']): ChatRequest {
  const parsed = parseChatRequest({
    model: 'm',
    stream: true,
    messages,
    tools: tools.map((name) => ({ type: 'function', function: { name } })),
  });
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed;
}

const script = [
  'do this',
  callDirective('bash', { command: 'echo 1' }),
  'CALL read {"filePath":"a.txt"}',
  'SAY all done',
].join('\n');

describe('directives', () => {
  it('reads CALL and SAY lines in order and ignores prose', () => {
    expect(parseDirectives(script)).toEqual({
      steps: [
        { kind: 'call', tool: 'bash', args: { command: 'echo 1' } },
        { kind: 'call', tool: 'read', args: { filePath: 'a.txt' } },
        { kind: 'say', text: 'all done' },
      ],
      errors: [],
    });
  });

  it('reports bad JSON and non-object arguments with the line', () => {
    expect(parseDirectives('x\nCALL bash {oops').errors[0]).toMatchObject({ line: 2 });
    expect(parseDirectives('CALL bash [1]').errors[0]?.message).toContain('must be a JSON object');
  });
});

describe('the scripted model', () => {
  it('plays one step per assistant tool call after the latest user message', () => {
    const user = { role: 'user', content: [{ type: 'text', text: script }] };
    const call = (id: string) => ({
      role: 'assistant',
      content: '',
      tool_calls: [{ id, type: 'function', function: { name: 'bash', arguments: '{}' } }],
    });
    const result = (id: string) => ({ role: 'tool', tool_call_id: id, content: 'ok' });
    expect(nextReply(request([{ role: 'system', content: 's' }, user]))).toEqual({
      kind: 'call',
      tool: 'bash',
      args: { command: 'echo 1' },
    });
    expect(nextReply(request([user, call('a'), result('a')]))).toEqual({
      kind: 'call',
      tool: 'read',
      args: { filePath: 'a.txt' },
    });
    expect(nextReply(request([user, call('a'), result('a'), call('b'), result('b')]))).toEqual({
      kind: 'text',
      text: 'all done',
    });
  });

  it('ends with DONE when the script is played out, and answers helper requests without tools with a title', () => {
    expect(nextReply(request([{ role: 'user', content: 'no directives here' }]))).toEqual({
      kind: 'text',
      text: DEFAULT_FINAL_TEXT,
    });
    expect(nextReply(request([{ role: 'user', content: script }], []))).toEqual({ kind: 'text', text: TITLE_TEXT });
  });

  it('reads only the latest user message, so an earlier script is not replayed', () => {
    const reply = nextReply(
      request([
        { role: 'user', content: script },
        { role: 'assistant', content: 'DONE' },
        { role: 'user', content: 'continue' },
      ]),
    );
    expect(reply).toEqual({ kind: 'text', text: DEFAULT_FINAL_TEXT });
  });

  it('says what is wrong with a broken script instead of guessing', () => {
    expect(nextReply(request([{ role: 'user', content: 'CALL bash {' }]))).toMatchObject({
      kind: 'text',
      text: expect.stringContaining('SCRIPT ERROR: line 1'),
    });
  });
});

describe('acting on a tool result', () => {
  it('fills {{result:<regex>}} from the previous tool result', () => {
    const user = [
      'find it',
      callDirective('bash', { command: 'ss -ltn' }),
      callDirective('bash', { command: 'curl http://127.0.0.1:{{result:127\\.0\\.0\\.1:(\\d+)}}/session' }),
    ].join('\n');
    const reply = nextReply(
      request([
        { role: 'user', content: user },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'bash', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'LISTEN 0 512 127.0.0.1:41234 0.0.0.0:*' },
      ]),
    );
    expect(reply).toEqual({ kind: 'call', tool: 'bash', args: { command: 'curl http://127.0.0.1:41234/session' } });
  });
});
