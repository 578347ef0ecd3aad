import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  Back,
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
  Page,
  Row,
  Select,
  Spinner,
  Textarea,
  errorMessage,
  failureToast,
  fieldErrors,
  toast,
  useNavigate,
  useParams,
  readFailure,
} from '@portal/shared-ui';
import { UserSearch, type FoundUser } from '../../../lib/user-search';
import { useGetInvoiceQuery, type Invoice } from '../api/get-invoice';
import { useInvoiceCurrenciesQuery } from '../api/invoice-currencies';
import { useCreateInvoiceMutation, useUpdateInvoiceMutation, type InvoiceForm } from '../api/save-invoice';
import { liveFigures, type ItemDraft } from './figures';

const Items = styled.div`display: grid; gap: 10px;`;
const ItemRow = styled.div`
  display: grid; gap: 8px; align-items: end; grid-template-columns: 1fr 1fr; padding: 10px; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius.md};
  .description { grid-column: 1 / -1; }
  @media (min-width: 720px) { grid-template-columns: 1fr 90px 120px 100px auto; .description { grid-column: auto; } }
  output { font-variant-numeric: tabular-nums; padding: 8px 0; text-align: right; }
`;
const Totals = styled.dl`
  display: grid; grid-template-columns: 1fr auto; gap: 4px 16px; margin: 16px 0 0; max-width: 320px; margin-left: auto;
  dt { color: ${(p) => p.theme.colors.mutedForeground}; } dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
  dt:last-of-type, dd:last-of-type { font-weight: 700; color: ${(p) => p.theme.colors.foreground}; }
`;
const Grid = styled.div`display: grid; gap: 0 16px; @media (min-width: 720px) { grid-template-columns: 1fr 1fr; }`;

/** docs/product.md "Invoices": the number defaults to 'INV-' plus the last 6 digits of the current timestamp. */
const defaultNumber = () => `INV-${String(Date.now()).slice(-6)}`;
const blankItem = (): ItemDraft => ({ description: '', quantity: '1', unit_price: '' });
const money = /^\d{1,12}(\.\d{1,4})?$/;
const quantity = /^\d{1,12}(\.\d{1,2})?$/;

interface FormState {
  clientMode: 'user' | 'typed';
  client: FoundUser | null;
  clientName: string;
  clientEmail: string;
  number: string;
  assetId: string;
  items: ItemDraft[];
  taxRate: string;
  dueDate: string;
  notes: string;
  terms: string;
}
const emptyForm = (): FormState => ({
  clientMode: 'user',
  client: null,
  clientName: '',
  clientEmail: '',
  number: defaultNumber(),
  assetId: '',
  items: [blankItem()],
  taxRate: '0',
  dueDate: '',
  notes: '',
  terms: '',
});
const formOf = (i: Invoice): FormState => ({
  clientMode: i.client.email ? 'typed' : 'user',
  client:
    i.client.id && !i.client.email
      ? { id: i.client.id, full_name: i.client.full_name, username: i.client.username, avatar_url: null }
      : null,
  clientName: i.client.email ? (i.client.full_name ?? '') : '',
  clientEmail: i.client.email ?? '',
  number: i.invoice_number,
  assetId: i.asset.id,
  items: i.items.map((it) => ({ description: it.description, quantity: it.quantity, unit_price: it.unit_price })),
  taxRate: i.tax_rate,
  dueDate: i.due_date ?? '',
  notes: i.notes ?? '',
  terms: i.terms ?? '',
});

/** The client-side checks of docs/product.md "Invoices", with its toasts; the server checks the same and more. */
function clientCheck(f: FormState): boolean {
  const itemsOk =
    f.items.length > 0 &&
    f.items.every(
      (i) =>
        i.description.trim() &&
        quantity.test(i.quantity.trim()) &&
        Number(i.quantity) >= 0.01 &&
        money.test(i.unit_price.trim()),
    );
  if (!itemsOk || !f.assetId) {
    toast({
      title: 'Invalid Invoice Data',
      description: 'Please fill all item details and select an asset.',
      variant: 'destructive',
    });
    return false;
  }
  if (f.clientMode === 'user' ? !f.client : !f.clientName.trim() || !f.clientEmail.trim()) {
    toast({
      title: 'Client Information Missing',
      description: f.clientMode === 'user' ? 'Please choose a client.' : "Please enter the client's name and e-mail.",
      variant: 'destructive',
    });
    return false;
  }
  return true;
}

const bodyOf = (f: FormState): InvoiceForm => ({
  ...(f.clientMode === 'user'
    ? { client_profile_id: f.client!.id }
    : { client_name: f.clientName.trim(), client_email: f.clientEmail.trim() }),
  invoice_number: f.number.trim(),
  asset_id: f.assetId,
  tax_rate: f.taxRate.trim() || '0',
  due_date: f.dueDate || null,
  items: f.items.map((i) => ({
    description: i.description.trim(),
    quantity: i.quantity.trim(),
    unit_price: i.unit_price.trim(),
  })),
  notes: f.notes.trim() || null,
  terms: f.terms.trim() || null,
});

/** /invoices/create and /invoices/edit/{id} (a draft): the form of docs/product.md "Invoices", figures computed live. */
export function InvoiceFormPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const existing = useGetInvoiceQuery(id ?? '', { skip: !id });
  const currencies = useInvoiceCurrenciesQuery();
  const [create, creating] = useCreateInvoiceMutation();
  const [update, updating] = useUpdateInvoiceMutation();
  const [f, setF] = useState<FormState | null>(id ? null : emptyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<FormState>) => setF((cur) => ({ ...cur!, ...patch }));

  useEffect(() => {
    if (existing.data && !f) {
      if (!existing.data.invoice.can.edit) {
        toast({ title: 'Error fetching invoice', description: 'Only a draft can be edited.', variant: 'destructive' });
        navigate(`/invoice/${id}`);
      } else setF(formOf(existing.data.invoice));
    }
  }, [existing.data, f, id, navigate]);
  useEffect(() => {
    if (!existing.error) return;
    toast({
      title: 'Error fetching invoice',
      description: readFailure(existing.error, 'Invoice not found.'),
      variant: 'destructive',
    });
    navigate('/invoices');
  }, [existing.error, navigate]);
  useEffect(() => {
    if (currencies.error)
      toast({ title: 'Error fetching assets', description: errorMessage(currencies.error), variant: 'destructive' });
  }, [currencies.error]);
  useEffect(() => {
    // USD unless another is chosen (as campaigns and projects)
    const list = currencies.data?.currencies;
    if (f && !f.assetId && list?.length) set({ assetId: (list.find((c) => c.symbol === 'USD') ?? list[0]!).id });
  }, [currencies.data, f]);

  if (!f)
    return (
      <CenteredMessage role="status">
        <Spinner /> Loading invoice...
      </CenteredMessage>
    );
  const figures = liveFigures(f.items, f.taxRate);
  const symbol = currencies.data?.currencies.find((c) => c.id === f.assetId)?.symbol ?? '';
  const busy = creating.isLoading || updating.isLoading;
  const setItem = (n: number, patch: Partial<ItemDraft>) =>
    set({ items: f.items.map((it, i) => (i === n ? { ...it, ...patch } : it)) });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!clientCheck(f!)) return;
    setErrors({});
    try {
      const { invoice } = await (id ? update({ id, ...bodyOf(f!) }) : create(bodyOf(f!))).unwrap();
      toast({
        title: id ? 'Invoice Updated' : 'Invoice Created',
        description: `Draft ${invoice.invoice_number} is saved. Send it when it is ready.`,
        variant: 'success',
      });
      navigate(`/invoice/${invoice.id}`);
    } catch (err) {
      setErrors(fieldErrors(err));
      // a refused field (a due date in the past) is the spec's 'Invalid Invoice Data' with its reason
      const title =
        (err as { code?: unknown } | null)?.code === 'VALIDATION'
          ? 'Invalid Invoice Data'
          : id
            ? 'Error updating invoice'
            : 'Error creating invoice';
      toast({ ...failureToast(err, title), variant: 'destructive' });
    }
  }

  const err = (field: string) => errors[field] && <FieldError role="alert">{errors[field]}</FieldError>;
  return (
    <Page style={{ maxWidth: 900 }}>
      <Back to={id ? `/invoice/${id}` : '/invoices'}>← Back</Back>
      <form onSubmit={onSubmit} noValidate>
        <Card>
          <CardHeader>
            <CardTitle as="h1">{id ? `Edit Invoice ${f.number}` : 'Create Invoice'}</CardTitle>
          </CardHeader>
          <CardContent>
            <Field>
              <Label as="span">Client</Label>
              <Row role="radiogroup" aria-label="Client">
                <label>
                  <input
                    type="radio"
                    name="client-mode"
                    checked={f.clientMode === 'user'}
                    onChange={() => set({ clientMode: 'user' })}
                  />{' '}
                  A portal user
                </label>
                <label>
                  <input
                    type="radio"
                    name="client-mode"
                    checked={f.clientMode === 'typed'}
                    onChange={() => set({ clientMode: 'typed' })}
                  />{' '}
                  Name and e-mail
                </label>
              </Row>
            </Field>
            {f.clientMode === 'user' ? (
              <Field>
                <Label htmlFor="client-search">Find the client</Label>
                <UserSearch
                  id="client-search"
                  selected={f.client}
                  onSelect={(client) => set({ client })}
                  disabled={busy}
                />
                {err('client_profile_id')}
              </Field>
            ) : (
              <Grid>
                <Field>
                  <Label htmlFor="client-name">Client name</Label>
                  <Input
                    id="client-name"
                    value={f.clientName}
                    maxLength={200}
                    onChange={(e) => set({ clientName: e.target.value })}
                  />
                  {err('client_name')}
                </Field>
                <Field>
                  <Label htmlFor="client-email">Client e-mail</Label>
                  <Input
                    id="client-email"
                    type="email"
                    value={f.clientEmail}
                    maxLength={254}
                    onChange={(e) => set({ clientEmail: e.target.value })}
                  />
                  <Hint>Without an account yet, they see the invoice once they sign up with this e-mail.</Hint>
                  {err('client_email')}
                </Field>
              </Grid>
            )}
            <Grid>
              <Field>
                <Label htmlFor="invoice-number">Invoice number</Label>
                <Input
                  id="invoice-number"
                  required
                  value={f.number}
                  maxLength={40}
                  onChange={(e) => set({ number: e.target.value })}
                />
                {err('invoice_number')}
              </Field>
              <Field>
                <Label htmlFor="asset">Currency</Label>
                <Select
                  id="asset"
                  value={f.assetId}
                  onChange={(e) => set({ assetId: e.target.value })}
                  disabled={!currencies.data}
                >
                  {currencies.data?.currencies.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name} ({c.symbol})
                    </option>
                  ))}
                </Select>
                {err('asset_id')}
              </Field>
            </Grid>
            <Label as="h2" style={{ fontSize: 16, margin: '8px 0' }}>
              Items
            </Label>
            <Items>
              {f.items.map((it, n) => (
                <ItemRow key={n} data-testid="invoice-item">
                  <Field className="description" style={{ margin: 0 }}>
                    <Label htmlFor={`item-${n}-description`}>Description</Label>
                    <Input
                      id={`item-${n}-description`}
                      value={it.description}
                      maxLength={500}
                      onChange={(e) => setItem(n, { description: e.target.value })}
                    />
                    {err(`items.${n}.description`)}
                  </Field>
                  <Field style={{ margin: 0 }}>
                    <Label htmlFor={`item-${n}-quantity`}>Quantity</Label>
                    <Input
                      id={`item-${n}-quantity`}
                      type="number"
                      inputMode="decimal"
                      min="0.01"
                      step="0.01"
                      value={it.quantity}
                      onChange={(e) => setItem(n, { quantity: e.target.value })}
                    />
                    {err(`items.${n}.quantity`)}
                  </Field>
                  <Field style={{ margin: 0 }}>
                    <Label htmlFor={`item-${n}-price`}>Unit price</Label>
                    <Input
                      id={`item-${n}-price`}
                      type="number"
                      inputMode="decimal"
                      min="0"
                      step="0.01"
                      value={it.unit_price}
                      onChange={(e) => setItem(n, { unit_price: e.target.value })}
                    />
                    {err(`items.${n}.unit_price`)}
                  </Field>
                  <output aria-label={`Item ${n + 1} total`}>
                    {figures.lines[n]} {symbol}
                  </output>
                  <Button
                    type="button"
                    $variant="ghost"
                    $size="sm"
                    aria-label={`Remove item ${n + 1}`}
                    disabled={f.items.length === 1}
                    onClick={() => set({ items: f.items.filter((_, i) => i !== n) })}
                  >
                    Remove
                  </Button>
                </ItemRow>
              ))}
            </Items>
            {err('items')}
            <Button
              type="button"
              $variant="outline"
              $size="sm"
              style={{ marginTop: 10 }}
              disabled={f.items.length >= 50}
              onClick={() => set({ items: [...f.items, blankItem()] })}
            >
              Add Item
            </Button>
            <Grid style={{ marginTop: 16 }}>
              <Field>
                <Label htmlFor="tax-rate">Tax rate (%)</Label>
                <Input
                  id="tax-rate"
                  type="number"
                  inputMode="decimal"
                  min="0"
                  max="100"
                  step="0.01"
                  value={f.taxRate}
                  onChange={(e) => set({ taxRate: e.target.value })}
                />
                {err('tax_rate')}
              </Field>
              <Field>
                <Label htmlFor="due-date">Due date (optional)</Label>
                <Input id="due-date" type="date" value={f.dueDate} onChange={(e) => set({ dueDate: e.target.value })} />
                {err('due_date')}
              </Field>
            </Grid>
            <Totals aria-label="Totals" data-testid="invoice-totals">
              <dt>Subtotal</dt>
              <dd>
                {figures.subtotal} {symbol}
              </dd>
              <dt>Tax</dt>
              <dd>
                {figures.tax} {symbol}
              </dd>
              <dt>Total</dt>
              <dd data-testid="invoice-total">
                {figures.total} {symbol}
              </dd>
            </Totals>
            <Field>
              <Label htmlFor="notes">Notes (optional)</Label>
              <Textarea
                id="notes"
                rows={3}
                maxLength={2000}
                value={f.notes}
                onChange={(e) => set({ notes: e.target.value })}
              />
            </Field>
            <Field>
              <Label htmlFor="terms">Terms (optional)</Label>
              <Textarea
                id="terms"
                rows={3}
                maxLength={2000}
                value={f.terms}
                onChange={(e) => set({ terms: e.target.value })}
              />
            </Field>
            <Row style={{ justifyContent: 'flex-end' }}>
              <Button type="submit" disabled={busy}>
                {busy ? 'Saving...' : id ? 'Save Changes' : 'Create Invoice'}
              </Button>
            </Row>
          </CardContent>
        </Card>
      </form>
    </Page>
  );
}
