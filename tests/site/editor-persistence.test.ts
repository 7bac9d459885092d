// "Work is lost": the editor keeps its text in the browser. Back after following the page's own Language reference
// link, a reload and a later visit all restore it; leaving asks first only when the text is held nowhere else.
import { describe, expect, it } from 'vitest';
import { editorText, setEditorText, waitForEditor, waitForFullCheck } from './support/browser.js';
import { editorFixture, useEditorSite } from './support/editor-fixture.js';

const site = useEditorSite();
const EDITED = editorFixture('near-miss.yaml');

describe('the editor keeps the work in the browser', () => {
  it('restores the edited text after the Language reference link and Back', async () => {
    const page = await site.open('editor/');
    await waitForEditor(page);
    await setEditorText(page, EDITED);
    await page.keyboard.type('# typed just before leaving');
    await page.click('#reference-link');
    await page.waitForURL(/\/docs\//);
    await page.goBack();
    await waitForEditor(page);
    const text = await editorText(page);
    expect(text).toContain('id: no-force-push');
    expect(text).toContain('# typed just before leaving');
  });

  it('restores it on a reload and on a later visit to /editor/, but a role page link opens its preset', async () => {
    const page = await site.open('editor/');
    await waitForEditor(page);
    await setEditorText(page, EDITED);
    await waitForFullCheck(page);
    await page.reload();
    await waitForEditor(page);
    expect(await editorText(page)).toContain('id: no-force-push');
    // Same browser profile, new tab: the last draft comes back.
    const later = await page.context().newPage();
    await later.goto(site.url('editor/'));
    await waitForEditor(later);
    expect(await editorText(later)).toContain('id: no-force-push');
    // An explicit "open qa-engineer in the editor" wins, and does not overwrite the draft by merely opening.
    await later.goto(site.url('editor/#extends=qa-engineer'));
    await later.reload();
    await waitForEditor(later);
    expect(await editorText(later)).toContain('extends: [qa-engineer]');
    expect(await later.evaluate(() => localStorage.getItem('semantic-anchors:editor-draft'))).toContain(
      'no-force-push',
    );
    await later.close();
  });

  it('asks before leaving only when the text is stored nowhere else', async () => {
    const page = await site.open('editor/');
    await waitForEditor(page);
    await setEditorText(page, EDITED);
    await waitForFullCheck(page);
    // Saved as the draft: leaving is safe, no question.
    let asked = 0;
    page.on('dialog', (d) => {
      asked++;
      void d.accept();
    });
    // Another tab of the same browser saves its own draft over this one: this tab's text now exists only here.
    const other = await page.context().newPage();
    await other.goto(site.url('editor/#extends=qa-engineer'));
    await waitForEditor(other);
    await setEditorText(other, 'version: 1\nextends: [qa-engineer]\ncontracts: []\n# the other tab\n');
    await waitForFullCheck(other);
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => asked).toBe(1);
    await other.close();
  });

  it('does not ask after the text was downloaded', async () => {
    const page = await site.open('editor/');
    await waitForEditor(page);
    await setEditorText(page, `${EDITED}# downloaded\n`);
    await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    await page.evaluate(() =>
      localStorage.setItem('semantic-anchors:editor-draft', '{"v":1,"text":"version: 1\\n","events":[]}'),
    );
    let asked = 0;
    page.on('dialog', (d) => {
      asked++;
      void d.accept();
    });
    await page.goto(site.url(''));
    expect(asked).toBe(0);
  });
});
