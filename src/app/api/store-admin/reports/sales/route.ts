import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readQuery } from '@/lib/http/read-query';
import { requestInput } from '@/lib/http/request-input';
import { salesReportQuerySchema } from '@/features/store-admin/orders/schemas';
import {
  salesReport,
  salesReportCsv,
} from '@/features/store-admin/orders/server/sales-report.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

/**
 * The sales report (owners): `?from=YYYY-MM-DD&to=YYYY-MM-DD&format=json|csv`; CSV as a download
 * (UTF-8 with BOM, CRLF).
 */
export const GET = apiRoute(async (request) => {
  const staff = await requireStaff(requestInput(request), 'reports.read');
  const query = readQuery(request, salesReportQuerySchema);
  const report = await salesReport(staff, query);
  if (query.format === 'json') return dataResponse(report);
  return new Response(salesReportCsv(report), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="sales-${query.from}-${query.to}.csv"`,
      'cache-control': 'private, no-store',
    },
  });
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
