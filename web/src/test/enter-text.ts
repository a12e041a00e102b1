import type { UserEvent } from '@testing-library/user-event';

/**
 * What `user.type(field, text)` does for plain text (a click into the field, the text after what it
 * holds), but in one input event, as a paste: for a test that needs text in a field, not one about
 * the keys. Typing renders the form once per character (CONTRIBUTING.md, "Tests"); where the keys
 * themselves matter (shortcuts, Enter, a field that filters keys), use `user.type` or `user.keyboard`.
 */
export async function enterText(
  user: Pick<UserEvent, 'click' | 'paste'>,
  field: HTMLElement,
  text: string,
): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
