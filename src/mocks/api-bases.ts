/** Where the two interfaces live unless `config/site.yml` says otherwise. */
export interface ApiBases {
  /** Main interface (v1). */
  baseUrl: string;
  /** Partner interface (v2). */
  partnersBaseUrl: string;
}

export const DEFAULT_API_BASES: Readonly<ApiBases> = {
  baseUrl: 'https://api.caravan.example/v1',
  partnersBaseUrl: 'https://partners.caravan.example/v2',
};
