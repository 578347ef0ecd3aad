import type { ApiRequestBody, ApiResponse } from '@portal/shared-ui';
import { campaignsApi } from '../../../lib/api';

/** POST /api/campaigns (draft), PATCH /api/campaigns/{id}, POST /{id}/logo, the fiat currencies and the campaign to edit. */
export type CampaignBody = ApiRequestBody<'/api/campaigns', 'post'>;
type Saved = ApiResponse<'/api/campaigns', 'post'>;

export const saveCampaignApi = campaignsApi.injectEndpoints({
  endpoints: (build) => ({
    currencies: build.query<ApiResponse<'/api/campaigns/currencies', 'get'>, void>({
      query: () => 'campaigns/currencies',
    }),
    campaignToEdit: build.query<ApiResponse<'/api/campaigns/{id}', 'get'>, string>({
      query: (id) => `campaigns/${id}`,
      providesTags: ['Campaign'],
    }),
    createCampaign: build.mutation<Saved, CampaignBody>({
      query: (body) => ({ url: 'campaigns', method: 'POST', body }),
      invalidatesTags: ['Mine'],
    }),
    editCampaign: build.mutation<Saved, CampaignBody & { id: string }>({
      query: ({ id, ...body }) => ({ url: `campaigns/${id}`, method: 'PATCH', body }),
      invalidatesTags: ['Mine', 'Campaign'],
    }),
    uploadLogo: build.mutation<Saved, { id: string; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('file', file);
        return { url: `campaigns/${id}/logo`, method: 'POST', body: form };
      },
      invalidatesTags: ['Mine', 'Campaign'],
    }),
  }),
});

export const {
  useCurrenciesQuery,
  useCampaignToEditQuery,
  useCreateCampaignMutation,
  useEditCampaignMutation,
  useUploadLogoMutation,
} = saveCampaignApi;
