import { useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  Button,
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  errorMessage,
  Field,
  Input,
  Label,
  media,
  toast,
} from '@portal/shared-ui';
import { fieldError, useGetKycCountriesQuery, useSubmitKycMutation } from '../api/profile-api';
import { countryOptions } from './countries';
import { ErrorText, Hint, Select } from './ui';
import { ageFrom, imageError } from './validation';

const Grid = styled.div`display: grid; gap: 0 12px; grid-template-columns: 1fr; ${media.md} { grid-template-columns: 1fr 1fr; } > .wide { grid-column: 1 / -1; }`;
const Preview = styled.img`max-width: 100%; max-height: 160px; margin-top: 8px; border-radius: 8px; border: 1px solid ${(p) => p.theme.colors.border};`;

const DOC_TYPES = [
  ['passport', 'Passport'],
  ['national_id', 'National ID card'],
  ['drivers_license', "Driver's license"],
] as const;
type Errors = Partial<
  Record<'legal_name' | 'date_of_birth' | 'country' | 'document_type' | 'document_number' | 'document', string>
>;

function maxBirthDate() {
  const d = new Date();
  d.setFullYear(d.getFullYear() - 18);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Identity verification form: legal name, date of birth (18+), country, document type and number, document image. */
export function KycFormDialog({
  open,
  onClose,
  defaultName,
}: {
  open: boolean;
  onClose: () => void;
  defaultName: string;
}) {
  const [legalName, setLegalName] = useState(defaultName);
  const [dob, setDob] = useState('');
  const [country, setCountry] = useState('');
  const [docType, setDocType] = useState('');
  const [docNumber, setDocNumber] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [submit, { isLoading }] = useSubmitKycMutation();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  const countries = useGetKycCountriesQuery().data?.countries;
  const list = useMemo(() => countryOptions(countries ?? []), [countries]);

  function validate(): Errors {
    const e: Errors = {};
    if (!legalName.trim()) e.legal_name = 'Enter your full legal name.';
    if (!dob) e.date_of_birth = 'Enter your date of birth.';
    else if (ageFrom(dob) < 18) e.date_of_birth = 'You must be at least 18 years old.';
    if (!country) e.country = 'Choose a country.';
    if (!docType) e.document_type = 'Choose a document type.';
    if (!docNumber.trim()) e.document_number = 'Enter the document number.';
    if (!file) e.document = 'Choose an image of the document.';
    else {
      const p = imageError(file, 5);
      if (p) e.document = p;
    }
    return e;
  }

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    const e = validate();
    setErrors(e);
    if (Object.keys(e).length) return;
    const form = new FormData();
    form.set('legal_name', legalName.trim());
    form.set('date_of_birth', dob);
    form.set('country', country);
    form.set('document_type', docType);
    form.set('document_number', docNumber.trim());
    form.set('document', file!);
    try {
      await submit(form).unwrap();
      toast({
        title: 'Documents Submitted',
        description: 'Your identity verification is pending review.',
        variant: 'success',
      });
      onClose();
    } catch (err) {
      const server: Errors = {};
      for (const k of [
        'legal_name',
        'date_of_birth',
        'country',
        'document_type',
        'document_number',
        'document',
      ] as const) {
        const m = fieldError(err, k);
        if (m) server[k] = m;
      }
      setErrors(server);
      toast({ title: 'KYC Submission Failed', description: errorMessage(err), variant: 'destructive' });
    }
  }

  const err = (k: keyof Errors) => errors[k] && <ErrorText role="alert">{errors[k]}</ErrorText>;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !isLoading && onClose()} label="Identity verification">
      <DialogTitle>Verify your identity</DialogTitle>
      <DialogDescription>
        We need your legal name, date of birth and a photo of an identity document. Only you and our review team can see
        the document.
      </DialogDescription>
      <form onSubmit={onSubmit} noValidate>
        <Grid>
          <Field className="wide">
            <Label htmlFor="kyc-name">Legal name</Label>
            <Input
              id="kyc-name"
              value={legalName}
              onChange={(e) => setLegalName(e.target.value)}
              autoComplete="name"
              maxLength={200}
            />
            {err('legal_name')}
          </Field>
          <Field>
            <Label htmlFor="kyc-dob">Date of birth</Label>
            <Input id="kyc-dob" type="date" value={dob} max={maxBirthDate()} onChange={(e) => setDob(e.target.value)} />
            {err('date_of_birth')}
          </Field>
          <Field>
            <Label htmlFor="kyc-country">Country</Label>
            <Select id="kyc-country" value={country} onChange={(e) => setCountry(e.target.value)}>
              <option value="">Select a country</option>
              {list.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </Select>
            {err('country')}
          </Field>
          <Field>
            <Label htmlFor="kyc-doctype">Document type</Label>
            <Select id="kyc-doctype" value={docType} onChange={(e) => setDocType(e.target.value)}>
              <option value="">Select a document</option>
              {DOC_TYPES.map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </Select>
            {err('document_type')}
          </Field>
          <Field>
            <Label htmlFor="kyc-docnum">Document number</Label>
            <Input
              id="kyc-docnum"
              value={docNumber}
              onChange={(e) => setDocNumber(e.target.value)}
              maxLength={40}
              autoComplete="off"
            />
            {err('document_number')}
          </Field>
          <Field className="wide">
            <Label htmlFor="kyc-file">Document image</Label>
            <Input
              id="kyc-file"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              style={{ paddingTop: 8 }}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            <Hint>JPEG, PNG or WebP, at most 5 MB. Make sure all corners and text are readable.</Hint>
            {preview && <Preview src={preview} alt="Document preview" />}
            {err('document')}
          </Field>
        </Grid>
        <DialogFooter>
          <Button type="button" $variant="outline" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" disabled={isLoading}>
            {isLoading ? 'Submitting...' : 'Submit for review'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
