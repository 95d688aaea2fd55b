import type { ClientLayout } from '@club/contract/client-layout';

/** Where members of the direct-access product go when the layout names no address (spec 2 §4). */
export const defaultDirectAccessUrl = 'https://www.amadeus.com/';

/** The direct-access product's address: the layout's `amadeusDirectUrlToRedirect`, else the default site. */
export function directAccessUrl(layout: Pick<ClientLayout, 'amadeusDirectUrlToRedirect'>): string {
  return layout.amadeusDirectUrlToRedirect?.trim() || defaultDirectAccessUrl;
}
