'use client';
/**
 * An e-mail's HTML in a sandboxed frame as tall as the e-mail (docs/mail.md "The mail switch").
 * The sandbox allows no scripts; it keeps the frame's origin only so that this page can read the
 * rendered height of the document and size the frame to it (a frame cannot size itself to its
 * content in CSS). The height follows the content when the width changes (ResizeObserver).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** Height before the e-mail has loaded, and whenever it cannot be measured. */
const FALLBACK_HEIGHT = 720;

export function EmailFrame({ html, title }: { html: string; title: string }) {
  const ref = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number | null>(null);
  const observer = useRef<ResizeObserver | null>(null);

  const measure = useCallback(() => {
    const doc = ref.current?.contentDocument;
    const win = doc?.defaultView;
    if (!doc?.body || !win) return;
    // Where the e-mail's content ends, plus the body's bottom padding and margin. Not the
    // document's scrollHeight: that is never less than the frame itself, so a frame once made tall
    // (a narrow first layout) would never shrink back.
    let bottom = 0;
    for (const el of Array.from(doc.body.children)) {
      bottom = Math.max(bottom, el.getBoundingClientRect().bottom + parseFloat(win.getComputedStyle(el).marginBottom || '0'));
    }
    const body = win.getComputedStyle(doc.body);
    const h = Math.ceil(bottom + win.scrollY + parseFloat(body.paddingBottom || '0') + parseFloat(body.marginBottom || '0'));
    if (h > 0) setHeight(h);
  }, []);

  const onLoad = useCallback(() => {
    measure();
    const doc = ref.current?.contentDocument;
    observer.current?.disconnect();
    if (doc?.body && typeof ResizeObserver !== 'undefined') {
      observer.current = new ResizeObserver(measure);
      observer.current.observe(doc.body);
    }
  }, [measure]);

  useEffect(() => () => observer.current?.disconnect(), []);

  return (
    <iframe
      ref={ref}
      title={title}
      // No scripts run in the e-mail; same origin only so that its height can be read.
      sandbox="allow-same-origin"
      srcDoc={html}
      onLoad={onLoad}
      scrolling="no"
      style={{ height: height ?? FALLBACK_HEIGHT }}
      className="block w-full overflow-hidden rounded-card border border-line bg-white"
      data-testid="outbox-html"
    />
  );
}
