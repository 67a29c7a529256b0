'use client';
import { DomainSettings } from './domain-settings';
import { NumberSettings } from './number-settings';
import { PlanSettings } from './plan-settings';
import { AutoRenew, type Props } from './settings-parts';

/**
 * The settings of one service, each group its own form calling PATCH
 * /api/services/{id} (or auth-code, renew, release); the server's message shows next to the
 * field it is about. After a change the page is rendered again with what the server stored.
 */
/** The forms of a service's page, for what the person's role may do. */
export function ServiceSettings(props: Props) {
  return (
    <>
      {props.canBill &&
      props.service.status !== 'released' &&
      (props.life?.can.autoRenew ?? true) ? (
        <AutoRenew service={props.service} hasPaymentMethod={props.hasPaymentMethod} />
      ) : null}
      {props.service.type === 'domain' ? <DomainSettings {...props} /> : null}
      {props.service.type === 'number' ? <NumberSettings {...props} /> : null}
      {props.service.type === 'plan' ? <PlanSettings {...props} /> : null}
    </>
  );
}
