import { now as clockNow } from '@/lib/clock';
import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readQuery } from '@/lib/http/read-query';
import { requestInput } from '@/lib/http/request-input';
import { salesReportQuerySchema } from '@/features/store-admin/orders/schemas';
import {
  salesReport,
  salesReportCsv,
  salesReportFileName,
} from '@/features/store-admin/orders/server/sales-report.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

/**
 * The sales report (owners): `?from=YYYY-MM-DD&to=YYYY-MM-DD&format=json|csv`; CSV as a download
 * (UTF-8 with BOM, CRLF), one table a file: `&table=sales|new_customers|renewals_due`.
 */
export const GET = apiRoute(async (request) => {
  const staff = await requireStaff(requestInput(request), 'reports.read');
  const query = readQuery(request, salesReportQuerySchema);
  const report = await salesReport(staff, query);
  if (query.format === 'json') return dataResponse(report);
  const table = query.table ?? 'sales';
  const fileName = salesReportFileName(report, table, clockNow().toISOString().slice(0, 10));
  return new Response(salesReportCsv(report, table), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'private, no-store',
    },
  });
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
