import type { Metadata } from 'next';
import { Fragment } from 'react';
import { platformSupplierOf } from '@/features/orders/server/supplier';
import { AdminFrame } from '@/features/store-admin/components/admin-frame';
import { OwnersOnly } from '@/features/store-admin/components/owners-only';
import { hostLabel } from '@/features/store-admin/hosts/host-label';
import { hostUnicode } from '@/features/store-admin/hosts/host-name';
import { HostsPanel, type PlatformContact } from '@/features/store-admin/hosts/hosts-panel';
import { listHosts, servedHosts } from '@/features/store-admin/hosts/hosts.server';
import { adminViewer } from '@/features/store-admin/server/admin-viewer.server';
import { pageSection } from '@/features/store-admin/server/page-staff.server';
import { getEnv } from '@/lib/env';

export const metadata: Metadata = { title: 'Hosts', robots: { index: false } };
export const dynamic = 'force-dynamic';

/** "the platform’s operator, Nameport Ltd (support@nameport.example)," with a link to write. */
function Operator({ contact }: { contact: PlatformContact }) {
  return (
    <>
      the platform’s operator, {contact.name}
      {contact.email ? (
        <>
          {' '}
          (<a href={`mailto:${contact.email}`}>{contact.email}</a>)
        </>
      ) : null}
      ,
    </>
  );
}

/**
 * The store's own hosts, proved by a DNS TXT record (owners): where the store is served now, what
 * a host needs (the TXT record, a record pointing to the platform, and how it gets HTTPS), each
 * added host's card and the form to add one (decisions 0270, 0329).
 */
export default async function AdminHostsPage() {
  const access = await pageSection('hosts.read', '/admin/hosts');
  if (!access.allowed) return <OwnersOnly viewer={adminViewer(access.staff)} title="Hosts" />;
  const { staff } = access;
  const [{ hosts }, served] = await Promise.all([listHosts(staff), servedHosts(staff)]);
  const env = getEnv();
  const target = env.STORE_HOST_TARGET;
  // The platform is the company behind the domain brand (decision 0231): its name and address.
  const platform = platformSupplierOf(staff.store);
  const operator: PlatformContact = { name: platform.legal_name, email: platform.email };
  const added = new Set(hosts.map((h) => h.host));
  return (
    <AdminFrame current="/admin/hosts" viewer={adminViewer(staff)} title="Hosts">
      <p data-testid="served-hosts">
        {served.length > 0 ? (
          <>
            The store is served now at{' '}
            {served.map((host, i) => (
              <Fragment key={host}>
                {i === 0 ? '' : i === served.length - 1 ? ' and ' : ', '}
                <code>{hostLabel(host, hostUnicode(host))}</code>
                {added.has(host)
                  ? ' (added below)'
                  : ' (given to the store by the platform’s operator)'}
              </Fragment>
            ))}
            .
          </>
        ) : (
          'No host serves the store at the moment.'
        )}
      </p>
      <p>
        A host you add serves the store once its DNS holds a TXT record named{' '}
        <code>_storefront-verify.</code> followed by the host, with the value shown in its card
        below. The record is looked up again every hour; a host whose record is gone stops serving
        after 72 hours. A host not verified within 7 days of being added may be claimed by another
        store.
      </p>
      {target ? (
        <p data-testid="host-target">
          For visitors to reach the store, the host also needs a CNAME record pointing to{' '}
          <code>{target}</code>. A name at the top of a domain (example.com rather than
          www.example.com) cannot have a CNAME: give it the addresses <code>{target}</code> has.
        </p>
      ) : (
        <p data-testid="host-target">
          For visitors to reach the store, the host also needs a DNS record pointing to this
          platform. Ask <Operator contact={operator} /> for the name or address to point it to.
        </p>
      )}
      {env.TLS_ASK_SECRET ? (
        <p data-testid="host-https">
          HTTPS: there is no certificate to buy or upload. Once a host is verified and points to the
          platform, the platform gets a certificate for it on its first visit over HTTPS (that visit
          can take a few seconds longer) and renews it. A host that is not verified gets none, and
          the certificate of a host you remove is not renewed.
        </p>
      ) : (
        <p data-testid="host-https">
          HTTPS: this platform is not set up to get certificates for added hosts by itself. Ask{' '}
          <Operator contact={operator} /> how visitors reach the host over HTTPS.
        </p>
      )}
      <HostsPanel
        hosts={hosts.map((h) => ({
          host: h.host,
          unicode: h.unicode,
          status: h.status,
          record: h.record,
          verified_at: h.verified_at,
          checked_at: h.checked_at,
          serving_until: h.serving_until,
          claim_expires_at: h.claim_expires_at,
        }))}
        target={target ?? null}
        operator={operator}
      />
    </AdminFrame>
  );
}
