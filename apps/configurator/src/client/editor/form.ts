// Which form the editor takes: Monaco on a screen with a fine pointer (a mouse or a trackpad) and room for it; the
// plain text area on a phone, a tablet or a small window, where Monaco is not supported (its README: "mobile
// browsers or mobile web frameworks are not supported"). The user may choose either (the switch under the editor,
// stored in this browser), and `?editor=plain` or `?editor=monaco` in the address decides for one visit.
export type EditorForm = 'monaco' | 'plain';

export const FORM_KEY = 'semantic-anchors:editor-form';
/** Narrower than this (CSS pixels), the page is laid out for a phone and Monaco has no room. */
const MIN_WIDTH = 640;

const isForm = (value: unknown): value is EditorForm => value === 'monaco' || value === 'plain';

function stored(): EditorForm | undefined {
  try {
    const value = localStorage.getItem(FORM_KEY);
    return isForm(value) ? value : undefined;
  } catch (error) {
    // Storage disabled (privacy mode): the screen decides.
    console.warn('editor: could not read the choice of editor', error);
    return undefined;
  }
}

export function chooseForm(): EditorForm {
  const asked = new URLSearchParams(window.location.search).get('editor');
  if (isForm(asked)) return asked;
  const chosen = stored();
  if (chosen) return chosen;
  const finePointer = window.matchMedia('(any-pointer: fine)').matches;
  return finePointer && window.innerWidth >= MIN_WIDTH ? 'monaco' : 'plain';
}

/** The form this visit uses, decided once when the page starts. */
export const editorForm: EditorForm = chooseForm();
