import React, { type ReactNode } from 'react';
import FormSelect from '@theme/ApiExplorer/FormSelect';
import { getSchemaEnum, type LabelProps, type ParamProps } from '@theme/ApiExplorer/ParamOptions';
import { setParam } from '@theme/ApiExplorer/ParamOptions/slice';
import { useTypedDispatch } from '@theme/ApiItem/hooks';

const unset = '---';

// Written anew, not wrapped: the theme keeps every parameter list's shown value under one form
// field (`paramSelect`), so each list showed the last one's value (`type` showed "---" while the
// code sent `type=all`), and changing one changed the others. Here a list shows its parameter's
// value in the editor's state, which the code is generated from. (Its only other use, refusing to
// send without a required value, has no place here: the site never sends requests.)
export default function ParamSelectFormItem({
  param,
  label,
  type,
  required,
}: ParamProps & LabelProps): ReactNode {
  const dispatch = useTypedDispatch();
  const options = (getSchemaEnum(param.schema) ?? []).map(String);
  const current = String(param.value ?? unset);
  const value = options.includes(current) ? current : unset;
  return (
    <FormSelect
      label={label}
      type={type}
      required={required}
      value={value}
      options={[unset, ...options]}
      onChange={(event) => {
        const chosen = event.target.value;
        dispatch(setParam({ ...param, value: chosen === unset ? undefined : chosen }));
      }}
    />
  );
}
