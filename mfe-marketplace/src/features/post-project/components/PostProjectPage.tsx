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
  useSession,
} from '@portal/shared-ui';
import { Back, Page } from '../../../lib/ui';
import {
  useCurrenciesQuery,
  useEditProjectMutation,
  usePostProjectMutation,
  useProjectToEditQuery,
  type ProjectBody,
} from '../api/save-project';

const REQUIRED = 'Please fill in all required fields.';
const EMPTY = {
  title: '',
  description: '',
  skills: '',
  budget_amount: '',
  budget_type: 'fixed',
  budget_currency: '',
  deadline: '',
};
type Form = typeof EMPTY;

/** The same checks as the server (docs/product.md "Marketplace"), so the form says what is missing before sending. */
export function checkProjectForm(f: Form): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const k of ['title', 'description', 'skills', 'budget_amount', 'budget_currency'] as const)
    if (!f[k].trim()) errors[k] = REQUIRED;
  if (f.skills.trim() && f.skills.split(',').every((s) => !s.trim())) errors.skills = REQUIRED;
  if (f.budget_amount.trim() && !/^\d{1,20}(\.\d{1,30})?$/.test(f.budget_amount.trim()))
    errors.budget_amount = 'Please enter a valid amount (a number, 0 or more).';
  return errors;
}

/** /post-project and /post-project?edit={id} (docs/product.md "Marketplace"): post a project, or edit one of yours while it is open. */
export function PostProjectPage() {
  const [params] = useSearchParams();
  const editId = params.get('edit');
  const session = useSession();
  const navigate = useNavigate();
  const currencies = useCurrenciesQuery();
  const existing = useProjectToEditQuery(editId ?? '', { skip: !editId });
  const [post, posting] = usePostProjectMutation();
  const [edit, editing] = useEditProjectMutation();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const assets = currencies.data?.wallets.map((w) => w.asset) ?? [];
  useEffect(() => {
    if (currencies.error)
      toast({
        title: 'Error fetching currencies',
        description: errorMessage(currencies.error),
        variant: 'destructive',
      });
  }, [currencies.error]);
  // default currency USD, else the first asset (docs/product.md "Marketplace")
  useEffect(() => {
    if (!editId && !form.budget_currency && assets.length)
      setForm((f) => ({ ...f, budget_currency: (assets.find((a) => a.symbol === 'USD') ?? assets[0]!).id }));
  }, [assets.length, editId]);
  const project = existing.data?.project;
  useEffect(() => {
    if (project)
      setForm({
        title: project.title,
        description: project.description,
        skills: project.skills_required.join(', '),
        budget_amount: project.budget_amount,
        budget_type: project.budget_type,
        budget_currency: project.currency.id,
        deadline: project.deadline ?? '',
      });
  }, [project?.id]);

  if (session.status !== 'signedIn')
    return <CenteredMessage role="alert">You must be logged in to post a project.</CenteredMessage>;
  if (editId && existing.isLoading)
    return (
      <CenteredMessage role="status">
        <Spinner /> Loading project...
      </CenteredMessage>
    );
  if (editId && (existing.isError || !project))
    return <CenteredMessage role="alert">Project not found.</CenteredMessage>;
  if (editId && project && (existing.data?.role !== 'client' || project.status !== 'open')) {
    return (
      <CenteredMessage role="alert">Only the client can edit a project, and only while it is open.</CenteredMessage>
    );
  }

  const set = (k: keyof Form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [k]: e.target.value }));
    setErrors((x) => ({ ...x, [k]: '' }));
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkProjectForm(form);
    setErrors(found);
    if (Object.keys(found).length)
      return toast({ title: 'Missing Fields', description: REQUIRED, variant: 'destructive' });
    const body: ProjectBody = {
      ...form,
      budget_amount: form.budget_amount.trim(),
      budget_type: form.budget_type as 'fixed' | 'hourly',
      deadline: form.deadline || null,
    };
    try {
      const saved = editId ? await edit({ ...body, id: editId }).unwrap() : await post(body).unwrap();
      toast({
        title: editId ? 'Project Updated' : 'Project Posted!',
        description: editId ? 'Your changes are saved.' : 'Freelancers can now find it and send proposals.',
      });
      navigate(`/project/${saved.project.id}`);
    } catch (err) {
      setErrors(fieldErrors(err));
      toast({ title: 'Failed to Post Project', description: errorMessage(err), variant: 'destructive' });
    }
  };
  const error = (k: string) => (errors[k] ? <FieldError id={`${k}-error`}>{errors[k]}</FieldError> : null);
  const a11y = (k: string) => ({
    'aria-invalid': Boolean(errors[k]) || undefined,
    'aria-describedby': errors[k] ? `${k}-error` : undefined,
  });

  return (
    <Page style={{ maxWidth: 720 }}>
      <Back to={editId ? `/project/${editId}` : '/my-projects'}>← Back</Back>
      <Card>
        <CardHeader>
          <CardTitle as="h1">{editId ? 'Edit Project' : 'Post a Project'}</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate>
            <Field>
              <Label htmlFor="title">Title</Label>
              <Input id="title" value={form.title} maxLength={200} onChange={set('title')} {...a11y('title')} />
              {error('title')}
            </Field>
            <Field>
              <Label htmlFor="description">Description</Label>
              <Textarea
                id="description"
                value={form.description}
                maxLength={5000}
                rows={6}
                onChange={set('description')}
                {...a11y('description')}
              />
              {error('description')}
            </Field>
            <Field>
              <Label htmlFor="skills">Skills</Label>
              <Input
                id="skills"
                value={form.skills}
                maxLength={1000}
                placeholder="React, TypeScript, Figma"
                onChange={set('skills')}
                {...a11y('skills')}
              />
              <Hint>Separate skills with commas.</Hint>
              {error('skills')}
            </Field>
            <Field>
              <Label htmlFor="budget_amount">Budget amount</Label>
              <Input
                id="budget_amount"
                inputMode="decimal"
                value={form.budget_amount}
                onChange={set('budget_amount')}
                {...a11y('budget_amount')}
              />
              {error('budget_amount')}
            </Field>
            <Field>
              <Label htmlFor="budget_type">Budget type</Label>
              <Select id="budget_type" value={form.budget_type} onChange={set('budget_type')}>
                <option value="fixed">Fixed price</option>
                <option value="hourly">Hourly</option>
              </Select>
              {error('budget_type')}
            </Field>
            <Field>
              <Label htmlFor="budget_currency">Currency</Label>
              <Select
                id="budget_currency"
                value={form.budget_currency}
                onChange={set('budget_currency')}
                disabled={currencies.isLoading}
                {...a11y('budget_currency')}
              >
                {currencies.isLoading && <option value="">Loading...</option>}
                {assets.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.symbol} · {a.name}
                  </option>
                ))}
              </Select>
              {error('budget_currency')}
            </Field>
            <Field>
              <Label htmlFor="deadline">Deadline (optional)</Label>
              <Input id="deadline" type="date" value={form.deadline} onChange={set('deadline')} {...a11y('deadline')} />
              {error('deadline')}
            </Field>
            <Button type="submit" disabled={posting.isLoading || editing.isLoading}>
              {posting.isLoading || editing.isLoading ? 'Saving...' : editId ? 'Save Changes' : 'Post Project'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </Page>
  );
}
