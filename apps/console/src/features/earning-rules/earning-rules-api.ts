import { queryOptions } from '@tanstack/react-query';
import type { EarningRuleList } from '@club/contract/earning-rules';
import { staffCall } from '../../lib/staff-api';

export const earningRulesQuery = (country: string) =>
  queryOptions({
    queryKey: ['earning-rules', country],
    queryFn: ({ signal }) =>
      staffCall<EarningRuleList>(
        'GET',
        `/s2c/staff/v1/earning-rules?country=${encodeURIComponent(country)}`,
        undefined,
        { signal },
      ),
  });
