import type { Locator, Page } from 'playwright-core';

export type Focus = { name: string; role: string; inDialog: boolean; ring: boolean };

/**
 * What has the keyboard focus: its accessible name (roughly: aria-label, the labels, the text), its
 * role or tag, whether it is inside an open dialog, and whether the focus is drawn (an outline, a
 * shadow, MUI's focus-visible class, or a focused field's underline).
 */
export function focusNow(page: Page): Promise<Focus> {
  return page.evaluate<Focus>(`(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { name: '', role: 'body', inDialog: false, ring: false };
    const labelled = el.getAttribute('aria-labelledby');
    const name = (el.getAttribute('aria-label') ||
      (labelled && labelled.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ')) ||
      (el.labels && el.labels[0] && el.labels[0].textContent) || el.textContent || '').trim().replace(/\\s+/g, ' ');
    // a visually hidden or transparent input (a radio drawn as a box) shows its focus on its label
    const box = el.getBoundingClientRect();
    const hidden = el.tagName === 'INPUT' && (box.width <= 1 || box.height <= 1 || getComputedStyle(el).opacity === '0');
    const drawn = hidden ? el.closest('label') || (el.labels && el.labels[0]) : el;
    const style = drawn ? getComputedStyle(drawn) : { outlineStyle: 'none', outlineWidth: '0', boxShadow: 'none' };
    const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
      (style.boxShadow !== 'none' && el.matches(':focus-visible')) ||
      el.classList.contains('Mui-focusVisible') ||
      Boolean(el.closest('.Mui-focused, .Mui-focusVisible, [data-focused="true"]'));
    return {
      name: name.slice(0, 80),
      role: el.getAttribute('role') || (el.tagName === 'INPUT' ? 'input:' + el.type : el.tagName.toLowerCase()),
      inDialog: Boolean(el.closest('[role="dialog"], [role="alertdialog"]')),
      ring,
    };
  })()`);
}

/**
 * Drives a page with the keyboard only, remembering every focus stop that showed no visible focus
 * (WCAG 2.4.7): `unseen` should stay empty.
 */
export class Keyboard {
  readonly unseen: string[] = [];
  constructor(private readonly page: Page) {}

  async press(key: string): Promise<Focus> {
    await this.page.keyboard.press(key);
    const now = await focusNow(this.page);
    if (now.role !== 'body' && !now.ring) this.unseen.push(`${key} -> ${now.role} "${now.name}"`);
    return now;
  }

  /** Tab (or Shift+Tab) until the focused element's name matches, at most `max` stops. */
  async tabTo(name: RegExp | string, { back = false, max = 40 } = {}): Promise<Focus> {
    const matches = (f: Focus) => (typeof name === 'string' ? f.name === name : name.test(f.name));
    for (let i = 0; i < max; i++) {
      const now = await this.press(back ? 'Shift+Tab' : 'Tab');
      if (matches(now)) return now;
    }
    throw new Error(`no focus stop named ${String(name)} within ${max} ${back ? 'Shift+Tab' : 'Tab'} presses`);
  }

  /** Presses `key` until the focused element's name matches, at most `max` times. */
  async pressUntil(key: string, name: RegExp, max = 10): Promise<Focus> {
    for (let i = 0; i < max; i++) {
      const now = await this.press(key);
      if (name.test(now.name)) return now;
    }
    throw new Error(`no focus stop named ${String(name)} within ${max} ${key} presses`);
  }

  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text);
  }

  /** Tabs `times` through an open dialog: the focus must never leave it (a focus trap). */
  async staysIn(dialog: Locator, times = 12): Promise<string[]> {
    await dialog.waitFor();
    const escaped: string[] = [];
    for (let i = 0; i < times; i++) {
      const now = await this.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      if (!now.inDialog) escaped.push(`${now.role} "${now.name}"`);
    }
    return escaped;
  }
}
