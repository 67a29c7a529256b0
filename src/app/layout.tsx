import type { ReactNode } from 'react';
import type { Viewport } from 'next';
import { getEnv } from '@/lib/env';
import { fontVariables } from '@/features/theme/fonts';
import { BOOT_SCRIPT } from '@/features/pricing/vat-display';
import './globals.css';

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  // A DSN is public by design; naming it here lets the browser load error reporting on demand.
  const { SENTRY_DSN, NODE_ENV } = getEnv();
  return (
    // data-vat is set by the boot script before the body paints, so React must not fight it.
    <html lang="en" className={fontVariables} data-vat="ex" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: BOOT_SCRIPT }} />
        {SENTRY_DSN ? (
          <>
            <meta name="sentry-dsn" content={SENTRY_DSN} />
            <meta name="sentry-environment" content={NODE_ENV} />
          </>
        ) : null}
      </head>
      <body>{children}</body>
    </html>
  );
}
