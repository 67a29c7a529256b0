import 'server-only';
import { appDb } from '@/lib/db/app-db';
import { defineJob } from '@/lib/jobs/registry';
import { enqueue } from '@/lib/jobs/process-queue.server';
import { registerDueWork } from '@/lib/jobs/scheduler';
import { advanceService } from './life.server';
import { dueServiceIds } from './renewals-repository.server';

/**
 * The life of services on the job queue: the scheduler's finder looks for services
 * with a step due on the product's clock and queues one job per service (singleton per service,
 * so a second tick or a second instance adds nothing while one waits); the job brings the service
 * up to date. Every step is once by its own record (service_steps), whichever worker runs it.
 */

export const ADVANCE_SERVICE_JOB = 'renewals.advance-service';

export const advanceServiceJob = defineJob(
  ADVANCE_SERVICE_JOB,
  ({ serviceId }: { serviceId: string }) => advanceService(serviceId),
  {
    policy: 'stately',
    retryLimit: 5,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 300,
    concurrency: 4,
  },
);

const PAGE = 500;

registerDueWork('renewals.due-services', async (now) => {
  const db = await appDb();
  let afterId: string | null = null;
  for (;;) {
    const ids = await dueServiceIds(db, now, { limit: PAGE, afterId });
    for (const serviceId of ids) {
      await enqueue(advanceServiceJob.name, { serviceId }, { singletonKey: serviceId });
    }
    if (ids.length < PAGE) return;
    afterId = ids.at(-1)!;
  }
});
