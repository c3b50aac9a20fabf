import {
  RAW_DATA_OPERATIONS,
  rawOperation,
  rawOperationGroups,
  rawOperationName,
  type RawOperation,
} from '../../bridge-contract/raw-data-operations';
import { createElement } from '../ui/create-element';
import { type Field, selectField, textField, withId } from '../ui/form-fields';
import { operationPath } from '../ui/operation-label';
import { paramValue, selectOperation, setParam } from './raw-data-form-state';
import type { RawPage } from './raw-data-page';

export interface RawOperationPanel {
  elements: readonly Node[];
  current(): RawOperation;
  /** The field of one parameter of the operation shown, by name. */
  param(name: string): Field<HTMLInputElement> | undefined;
  params(): Iterable<Field<HTMLInputElement>>;
  /** Says what the operation does; the API call it makes is its tooltip, for power users. */
  showDescription(): void;
  /** Builds the operation's own fields. */
  render(): void;
  /** Shows the state's operation and its fields (a kept form loaded). */
  write(): void;
}

/** "Account (required)", "Start after (cursor) (optional)": the mark is part of the label. */
function markLabel(field: Field<HTMLInputElement>, required: boolean): void {
  const label = field.wrapper.querySelector('label');
  label?.append(
    createElement('span', { class: 'raw-data-mark' }, [required ? ' (required)' : ' (optional)']),
  );
  if (required) field.control.setAttribute('aria-required', 'true');
}

/** The operations grouped by platform. */
function operationSelect(page: RawPage): Field<HTMLSelectElement> {
  const field = withId(selectField('Operation', []), 'raw-data-operation');
  field.control.replaceChildren(
    ...rawOperationGroups().map((group) =>
      createElement(
        'optgroup',
        { label: group.label },
        group.operations.map((operation) =>
          createElement('option', { value: operation.id }, [operation.label]),
        ),
      ),
    ),
  );
  field.control.value = page.state.operation;
  return field;
}

/** The operation to call and its own parameters, rebuilt when the operation changes. */
export function createRawOperationPanel(page: RawPage): RawOperationPanel {
  const operationField = operationSelect(page);
  const description = createElement('p', { class: 'hint', id: 'raw-data-description' });
  operationField.control.setAttribute('aria-describedby', description.id);
  const paramsBox = createElement('fieldset', { id: 'raw-data-params', class: 'raw-data-params' });
  let paramFields = new Map<string, Field<HTMLInputElement>>();
  const current = (): RawOperation => rawOperation(page.state.operation) ?? RAW_DATA_OPERATIONS[0];

  const paramField = (item: RawOperation['params'][number]): Field<HTMLInputElement> => {
    const field = withId(
      textField({
        label: item.label,
        hint: item.hint,
        placeholder: item.placeholder === '' ? undefined : item.placeholder,
        value: paramValue(page.state, item),
      }),
      `raw-data-param-${item.name}`,
    );
    markLabel(field, item.required);
    field.control.addEventListener('input', () => {
      page.state = setParam(page.state, item.name, field.control.value);
      page.changed();
    });
    field.control.addEventListener('change', () => {
      page.touched.add(`param:${item.name}`);
      page.changed();
    });
    return field;
  };

  const render = (): void => {
    const operation = current();
    paramFields = new Map(operation.params.map((item) => [item.name, paramField(item)]));
    paramsBox.replaceChildren(
      createElement('legend', {}, [rawOperationName(operation)]),
      ...Array.from(paramFields.values(), (field) => field.wrapper),
    );
  };

  operationField.control.addEventListener('change', () => {
    page.state = selectOperation(page.state, operationField.control.value);
    page.touched.clear();
    render();
    page.changed();
  });

  return {
    elements: [operationField.wrapper, description, paramsBox],
    current,
    param: (name) => paramFields.get(name),
    params: () => paramFields.values(),
    showDescription() {
      const operation = current();
      // The path is jargon to most: words in the text, the API call on hover.
      description.textContent = operation.description;
      description.title = `The Discovery API call: ${operationPath(operation.id) ?? operation.path}`;
    },
    render,
    write() {
      operationField.control.value = page.state.operation;
      render();
    },
  };
}
