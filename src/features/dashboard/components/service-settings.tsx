'use client';
import { DomainSettings } from './domain-settings';
import { NumberSettings } from './number-settings';
import { PlanSettings } from './plan-settings';
import { ENDED_STATUSES } from '@/features/services/service-types';
import { AutoRenew, type Props } from './settings-parts';
import styles from './dashboard.module.css';

const KIND: Record<Props['service']['type'], string> = {
  domain: 'domain',
  domain_transfer: 'transfer',
  number: 'number',
  plan: 'plan',
};
const ENDED: Partial<Record<Props['service']['status'], string>> = {
  released: 'was released',
  cancelled: 'was cancelled',
  failed: 'failed',
};

/**
 * The settings of one service, each group its own form calling PATCH
 * /api/services/{id} (or auth-code, renew, release); the server's message shows next to the
 * field it is about. After a change the page is rendered again with what the server stored.
 * An ended service (ENDED_STATUSES) keeps its page but has no forms: nothing on it can change.
 */
export function ServiceSettings(props: Props) {
  const { type, status } = props.service;
  if (ENDED_STATUSES.includes(status))
    return (
      <p className={styles.panel}>
        This {KIND[type]} {ENDED[status] ?? `is ${status}`}: its settings can no longer be changed.
      </p>
    );
  return (
    <>
      {props.canBill && (props.life?.can.autoRenew ?? true) ? (
        <AutoRenew service={props.service} hasPaymentMethod={props.hasPaymentMethod} />
      ) : null}
      {props.service.type === 'domain' ? <DomainSettings {...props} /> : null}
      {props.service.type === 'number' ? <NumberSettings {...props} /> : null}
      {props.service.type === 'plan' ? <PlanSettings {...props} /> : null}
    </>
  );
}
