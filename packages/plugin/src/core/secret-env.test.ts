// The shell's environment overrides: the host's secrets always blanked, the model provider keys opencode was given
// blanked too (route 14.06), one it was not given left unset, and the names a team adds.
import { describe, expect, it } from 'vitest';
import { PROVIDER_KEY_ENV } from './protection.js';
import { notProviderKeys, scrubbedEnv } from './secret-env.js';

describe("the shell's environment overrides", () => {
  it('blanks the server password and the provider keys opencode was given; leaves the others unset', () => {
    const env = { ANTHROPIC_API_KEY: 'sk-ant-api03-human', OPENAI_API_KEY: '', PATH: '/usr/bin' };
    const out = scrubbedEnv(['TEAM_TOKEN'], env);
    expect(out).toMatchObject({
      OPENCODE_SERVER_PASSWORD: '',
      OPENCODE_AUTH_CONTENT: '',
      ANTHROPIC_API_KEY: '',
      OPENAI_API_KEY: '',
      TEAM_TOKEN: '',
    });
    expect(out).not.toHaveProperty('GROQ_API_KEY');
    expect(out).not.toHaveProperty('PATH');
  });

  it("lets through only the provider keys the human names; the host's secrets and secretEnv stay blanked", () => {
    const env = { ANTHROPIC_API_KEY: 'sk-ant-api03-human', OPENAI_API_KEY: 'sk-proj-human' };
    const out = scrubbedEnv(['TEAM_TOKEN'], env, ['OPENAI_API_KEY', 'TEAM_TOKEN', 'OPENCODE_SERVER_PASSWORD']);
    expect(out).not.toHaveProperty('OPENAI_API_KEY');
    expect(out).toMatchObject({ ANTHROPIC_API_KEY: '', TEAM_TOKEN: '', OPENCODE_SERVER_PASSWORD: '' });
    expect(notProviderKeys(['OPENAI_API_KEY', 'TEAM_TOKEN', 'OPENCODE_SERVER_PASSWORD'])).toEqual([
      'TEAM_TOKEN',
      'OPENCODE_SERVER_PASSWORD',
    ]);
  });

  it('names only variables (the list is what opencode reads as provider keys)', () => {
    for (const name of PROVIDER_KEY_ENV) expect(name).toMatch(/^[A-Z][A-Z0-9_]*_API_KEY$/);
  });
});
