/**
 * The real mail part (docs/architecture.md "Real parts"): nodemailer over the SMTP server of
 * SMTP_URL (`smtp://user:pass@host:587`, `smtps://…:465`; query options as nodemailer reads them).
 * Unset → no transport: messages stay in the outbox, readable at /admin/outbox (docs/mail.md).
 */
import 'server-only';
import nodemailer, { type Transporter } from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import { env, siteUrl } from '@/lib/server/env';

/** A message ready to leave: bodies rendered, Message-ID fixed by its event. */
export type OutgoingMail = { from: string; to: string; subject: string; html: string; text: string; messageId: string; headers?: Record<string, string> };

/**
 * The List-Unsubscribe headers (RFC 2369, one-click per RFC 8058) of a message whose payload names
 * a one-click unsubscribe address: a back-in-stock alert's `listUnsubscribePath` (written by the
 * database, so a path) or a marketing message's `marketing.oneClickUrl` (lib/mail/marketing.ts).
 * Mail clients then offer "Unsubscribe", which POSTs `List-Unsubscribe=One-Click` to it. None for
 * other messages.
 */
export function unsubscribeHeaders(payload: Record<string, unknown>, site = siteUrl()): Record<string, string> {
  const path = payload.listUnsubscribePath;
  const oneClick = (payload.marketing as { oneClickUrl?: unknown } | undefined)?.oneClickUrl;
  const url = typeof path === 'string' && path.startsWith('/') ? `${site}${path}` : typeof oneClick === 'string' && oneClick ? oneClick : null;
  return url ? { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {};
}

let cached: { url: string; transporter: Transporter } | null = null;

/** The transporter of SMTP_URL (one per URL, reused), or null when SMTP_URL is unset. */
export function mailTransport(): Transporter | null {
  const url = env().SMTP_URL;
  if (!url) return null;
  if (cached?.url !== url) {
    cached?.transporter.close();
    // Short timeouts: a delivery run must finish well within its lease (lib/mail/deliver.ts).
    cached = { url, transporter: nodemailer.createTransport({ ...parseConnectionUrl(url), connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 }) };
  }
  return cached.transporter;
}

/** Whether e-mail leaves the shop (SMTP_URL set). */
export const mailEnabled = () => Boolean(env().SMTP_URL);

/** The host name the shop's Message-IDs end with (SITE_URL's, else localhost). */
export function mailHost(): string {
  try {
    return new URL(siteUrl()).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

/**
 * The Message-ID of an event's message, `<event-key@shop-host>`: the same event always gets the same
 * id, so a message sent again after a crash is recognisable as the same one. Characters a
 * Message-ID may not hold (`:`, `@`, spaces …) are percent-encoded.
 */
export function messageIdFor(eventKey: string, host = mailHost()): string {
  const local = eventKey.replace(/[^A-Za-z0-9_-]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return `<${local}@${host}>`;
}

/**
 * Sends one message through SMTP_URL. @throws the transport's error (refused, unreachable, timed
 * out); the caller records it and retries later.
 */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  const transporter = mailTransport();
  if (!transporter) throw new Error('SMTP_URL is not set.');
  await transporter.sendMail({ from: mail.from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, messageId: mail.messageId, headers: mail.headers });
}

/** Why a message to an undeliverable address was cancelled, as the outbox shows it. */
export const UNDELIVERABLE = 'Not sent: the address is not deliverable (a closed account’s).';

/**
 * Whether an address must never be written to: its domain is under `.invalid`, the top-level domain
 * RFC 2606 reserves for addresses that cannot exist. A closed account's e-mail is one
 * (`closed-account-<id>@closed.invalid`, lib/accounts/privacy-close.ts), so a message written for it
 * after the closure — a refund of an old order, say — is never sent.
 */
export const isUndeliverable = (address: string) => /\.invalid\.?$/i.test(address.trim());

/** The From address: MAIL_FROM, else the store name with the support address of the settings. */
export function fromAddress(storeName: string, supportEmail: string): string {
  const configured = env().MAIL_FROM;
  if (configured) return configured;
  return `"${storeName.replace(/["\\\r\n]/g, '')}" <${supportEmail}>`;
}
