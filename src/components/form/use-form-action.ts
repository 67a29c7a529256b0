'use client';
import { useState } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { problemOf, type ApiProblem } from '@/lib/api-problem';

/**
 * What every account form does around its call: busy while it runs, the previous error and field
 * marks cleared, and on a refusal the field marks and one message (`validationMessage` when only
 * fields are wrong, the server's message otherwise). `run` answers whether the call succeeded.
 * `waiting` is what disables a control that starts the call: while the call runs, and while the
 * page is server HTML not yet hydrated, when a click or change would do nothing and be lost.
 */
export function useFormAction(validationMessage: string, initialError: string | null = null) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(initialError);
  const [fields, setFields] = useState<Record<string, string[]>>({});
  // The refusal's code, for a form that says more for one of them (e.g. `account_not_activated`).
  const [code, setCode] = useState<string | null>(null);
  const hydrated = useHydrated();

  async function run(
    action: () => Promise<unknown>,
    options: {
      /** After success the page navigates away: the button stays disabled meanwhile. */
      leaving?: boolean;
      onProblem?: (problem: ApiProblem) => void;
    } = {},
  ): Promise<boolean> {
    setBusy(true);
    setError(null);
    setFields({});
    setCode(null);
    try {
      await action();
      if (!options.leaving) setBusy(false);
      return true;
    } catch (e) {
      const problem = problemOf(e);
      options.onProblem?.(problem);
      setFields(problem.fields);
      setCode(problem.code);
      setError(problem.code === 'validation_failed' ? validationMessage : problem.message);
      setBusy(false);
      return false;
    }
  }

  /** A refusal found before any call (a field the browser can check): the old one goes. */
  function refuse(message: string): void {
    setFields({});
    setCode(null);
    setError(message);
  }

  return { busy, waiting: busy || !hydrated, error, setError, refuse, fields, code, run };
}
