import { useEffect, useRef, useState } from 'react';
import type { WizardMode } from './wizard-flows.ts';

/**
 * The course page's button that opens the wizard in create mode. The edit and link wizards are
 * opened from a card's button, whose name carries the adoption's title, so they fall back to
 * the page's heading.
 */
const CREATE_BUTTON_NAME = 'Add adoption';

/**
 * Where focus goes when the wizard closes. MUI's dialog gives it back to the element that had it
 * when the dialog opened, but a wizard opened by a link (?adopt=new, ?editAdoptionId=…) had none:
 * focus was on the body, so it stays there and a keyboard user starts again from the page's top.
 * Then focus goes to the control that opens the wizard, or else the page's h1.
 */
export function useReturnFocus(mode: WizardMode) {
  // Read while the wizard first renders, before the dialog has mounted and taken the focus.
  const [opener] = useState(() => document.activeElement);
  const open = useRef(false);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
      // The dialog (a child) restores its own focus in a cleanup that runs after this one, and
      // its elements leave the page with it: only once that is done can we see where focus is.
      setTimeout(() => {
        // Still open: React's development re-run of effects, not a close.
        if (!open.current) returnFocus(opener, mode);
      }, 0);
    };
  }, [opener, mode]);
}

function returnFocus(opener: Element | null, mode: WizardMode) {
  const openerUsable = opener && opener !== document.body && opener.isConnected;
  const focused = document.activeElement;
  // MUI gave the focus back to the opener, or something else (a new page) took it.
  if (openerUsable || (focused && focused !== document.body)) return;
  const target = (mode === 'create' && createButton()) || document.querySelector('h1');
  if (!(target instanceof HTMLElement)) return;
  // A heading is not focusable of itself; -1 keeps it out of the tab order.
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus();
}

function createButton(): HTMLElement | undefined {
  return Array.from(document.querySelectorAll<HTMLButtonElement>('button')).find(
    (button) =>
      !button.disabled &&
      !button.closest('[role="dialog"]') &&
      button.textContent.trim() === CREATE_BUTTON_NAME,
  );
}
