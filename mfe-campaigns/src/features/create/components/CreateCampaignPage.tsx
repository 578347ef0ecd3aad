import { useEffect, useState, type FormEvent } from 'react';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  CenteredMessage,
  Field,
  FieldError,
  Hint,
  Input,
  Label,
  Select,
  Spinner,
  Textarea,
  errorMessage,
  fieldErrors,
  toast,
  useNavigate,
  useSearchParams,
} from '@portal/shared-ui';
import { Back, Page } from '../../../lib/ui';
import {
  useCampaignToEditQuery,
  useCreateCampaignMutation,
  useCurrenciesQuery,
  useEditCampaignMutation,
  useUploadLogoMutation,
  type CampaignBody,
} from '../api/save-campaign';

const FIELDS = [
  ['company_name', 'Company Name', 'input', true],
  ['tagline', 'Tagline', 'input', false],
  ['description', 'Description', 'text', true],
  ['problem_solved', 'Problem solved', 'text', false],
  ['solution_description', 'Solution', 'text', false],
  ['market_size', 'Market size', 'text', false],
  ['business_model', 'Business model', 'text', false],
  ['team_description', 'Team', 'text', false],
  ['target_amount', 'Target Amount', 'number', true],
  ['min_investment', 'Minimum Investment', 'number', true],
  ['max_investment', 'Maximum investment (optional)', 'number', false],
  ['equity_offered_percentage', 'Equity Offered (%)', 'number', true],
  ['valuation', 'Valuation (optional)', 'number', false],
  ['campaign_end_date', 'End date (optional)', 'date', false],
  ['website_url', 'Website', 'url', false],
  ['pitch_deck_url', 'Pitch deck link', 'url', false],
  ['company_logo_url', 'Logo link (or upload a file below)', 'url', false],
] as const;
type Key = (typeof FIELDS)[number][0] | 'asset_currency_id';
type Form = Record<Key, string>;
const EMPTY = Object.fromEntries([...FIELDS.map(([k]) => [k, '']), ['asset_currency_id', '']]) as Form;

/** The server's checks (docs/product.md "Campaigns and investments"), said at the fields before sending. */
export function checkCampaignForm(f: Form): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [k, label, kind, required] of FIELDS) {
    const v = f[k].trim();
    if (required && !v) errors[k] = `Please fill in the ${label} field.`;
    else if (v && kind === 'number' && !/^\d{1,20}(\.\d{1,30})?$/.test(v)) errors[k] = 'Enter a number, 0 or more.';
    else if (v && kind === 'url' && !/^https?:\/\/\S+$/i.test(v)) errors[k] = 'Enter a full web address (https://...).';
  }
  if (!f.asset_currency_id) errors.asset_currency_id = 'Please fill in the Currency field.';
  return errors;
}

/** /create-campaign and /create-campaign?edit={id}: a draft, or an edit of a draft, a campaign in review or a rejected one. */
export function CreateCampaignPage() {
  const [params] = useSearchParams();
  const editId = params.get('edit');
  const navigate = useNavigate();
  const currencies = useCurrenciesQuery();
  const existing = useCampaignToEditQuery(editId ?? '', { skip: !editId });
  const [create, creating] = useCreateCampaignMutation();
  const [edit, editing] = useEditCampaignMutation();
  const [upload] = useUploadLogoMutation();
  const [form, setForm] = useState<Form>(EMPTY);
  const [logo, setLogo] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const list = currencies.data?.currencies ?? [];
  useEffect(() => {
    if (editId || form.asset_currency_id || !list.length) return;
    setForm((f) => ({ ...f, asset_currency_id: (list.find((a) => a.symbol === 'USD') ?? list[0]!).id }));
    setErrors((x) => ({ ...x, asset_currency_id: '' }));
  }, [list.length, editId]);
  const campaign = existing.data?.campaign;
  useEffect(() => {
    if (campaign)
      setForm(
        Object.fromEntries(
          Object.keys(EMPTY).map((k) => [
            k,
            k === 'asset_currency_id' ? campaign.currency.id : String((campaign as Record<string, unknown>)[k] ?? ''),
          ]),
        ) as Form,
      );
  }, [campaign?.id]);

  if (editId && existing.isLoading)
    return (
      <CenteredMessage role="status">
        <Spinner /> Loading campaign...
      </CenteredMessage>
    );
  if (editId && !campaign) return <CenteredMessage role="alert">Campaign not found.</CenteredMessage>;
  if (
    campaign &&
    (existing.data?.role !== 'owner' || !['draft', 'pending_approval', 'rejected'].includes(campaign.status))
  ) {
    return (
      <CenteredMessage role="alert">Only its owner can edit a campaign, and only before it goes live.</CenteredMessage>
    );
  }

  const set = (k: Key) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [k]: e.target.value }));
    setErrors((x) => ({ ...x, [k]: '' }));
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkCampaignForm(form);
    setErrors(found);
    if (Object.keys(found).length)
      return toast({ title: 'Missing Fields', description: Object.values(found)[0], variant: 'destructive' });
    const body = Object.fromEntries(
      Object.entries(form).map(([k, v]) => [k, v.trim() || null]),
    ) as unknown as CampaignBody;
    try {
      const saved = editId ? await edit({ ...body, id: editId }).unwrap() : await create(body).unwrap();
      if (logo) await upload({ id: saved.campaign.id, file: logo }).unwrap();
      toast({ title: 'Campaign Draft Saved!', description: 'Submit it for review from its page when it is ready.' });
      navigate(`/campaign/${saved.campaign.id}`);
    } catch (err) {
      setErrors(fieldErrors(err));
      toast({ title: 'Failed to Create Campaign', description: errorMessage(err), variant: 'destructive' });
    }
  };
  const error = (k: string) => (errors[k] ? <FieldError id={`${k}-error`}>{errors[k]}</FieldError> : null);
  return (
    <Page style={{ maxWidth: 760 }}>
      <Back to="/my-campaigns">← Back to My Campaigns</Back>
      <Card>
        <CardHeader>
          <CardTitle as="h1">{editId ? 'Edit Campaign' : 'Create a Campaign'}</CardTitle>
        </CardHeader>
        <CardContent>
          {campaign?.status === 'rejected' && campaign.rejection_reason && (
            <FieldError role="alert" style={{ marginBottom: 16 }}>
              Rejected: {campaign.rejection_reason}
            </FieldError>
          )}
          <form onSubmit={submit} noValidate>
            {FIELDS.map(([k, label, kind]) => (
              <Field key={k}>
                <Label htmlFor={k}>{label}</Label>
                {kind === 'text' ? (
                  <Textarea
                    id={k}
                    rows={4}
                    maxLength={5000}
                    value={form[k]}
                    onChange={set(k)}
                    aria-invalid={Boolean(errors[k]) || undefined}
                  />
                ) : (
                  <Input
                    id={k}
                    type={kind === 'date' ? 'date' : kind === 'url' ? 'url' : 'text'}
                    inputMode={kind === 'number' ? 'decimal' : undefined}
                    value={form[k]}
                    onChange={set(k)}
                    aria-invalid={Boolean(errors[k]) || undefined}
                  />
                )}
                {error(k)}
              </Field>
            ))}
            <Field>
              <Label htmlFor="asset_currency_id">Currency</Label>
              <Select
                id="asset_currency_id"
                value={form.asset_currency_id}
                onChange={set('asset_currency_id')}
                disabled={currencies.isLoading}
              >
                {currencies.isLoading && <option value="">Loading...</option>}
                {list.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.symbol} · {a.name}
                  </option>
                ))}
              </Select>
              {error('asset_currency_id')}
            </Field>
            <Field>
              <Label htmlFor="logo-file">Logo file (optional)</Label>
              <Input
                id="logo-file"
                type="file"
                accept="image/png,image/jpeg,image/webp"
                onChange={(e) => setLogo(e.target.files?.[0] ?? null)}
              />
              <Hint>JPEG, PNG or WebP, at most 2 MB.</Hint>
              {error('file')}
            </Field>
            {/* nothing to send before the currencies (and so the default currency) are known */}
            <Button type="submit" disabled={currencies.isLoading || creating.isLoading || editing.isLoading}>
              {creating.isLoading || editing.isLoading ? 'Saving...' : 'Save Draft'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </Page>
  );
}
