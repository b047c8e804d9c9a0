// Copy the current layout settings as JSON, or apply pasted JSON. Support staff use this to
// reproduce what a user sees. Invalid input changes nothing and says why.
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { parseSettingsJson } from '@common/layout/layoutSchema';
import { appearanceOf } from '@common/layout/layoutSettings';
import { layoutActions, selectLayout } from '../layoutSlice';

export function SettingsTransfer() {
  const dispatch = useAppDispatch();
  const settings = useAppSelector(selectLayout);
  const [text, setText] = useState('');
  const [message, setMessage] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);

  const copy = async () => {
    const json = JSON.stringify(appearanceOf(settings), null, 2);
    try {
      await navigator.clipboard.writeText(json);
      setMessage({ kind: 'success', text: 'Settings copied to the clipboard.' });
    } catch {
      // Clipboard access can be refused (insecure origin, permissions): show the JSON instead.
      setText(json);
      setMessage({ kind: 'danger', text: 'The clipboard is not available here; the settings are in the box below.' });
    }
  };

  const apply = () => {
    const result = parseSettingsJson(text);
    if (!result.ok) {
      setMessage({ kind: 'danger', text: `Settings not applied. ${result.reason}` });
      return;
    }
    dispatch(layoutActions.applySettings(result.patch));
    setMessage({ kind: 'success', text: 'Settings applied.' });
  };

  return (
    <section aria-labelledby="dw-settings-transfer">
      <h3 id="dw-settings-transfer" className="h6 mt-3">
        Share settings
      </h3>
      <Button size="sm" variant="outline-secondary" className="mb-2" onClick={() => void copy()}>
        Copy settings
      </Button>
      <Form.Group controlId="dw-settings-json" className="mb-2">
        <Form.Label className="small mb-1">Settings JSON to apply</Form.Label>
        <Form.Control as="textarea" rows={4} value={text} onChange={(event) => setText(event.target.value)} spellCheck={false} />
      </Form.Group>
      <Button size="sm" onClick={apply} disabled={text.trim() === ''}>
        Apply settings
      </Button>
      {message ? (
        <p role={message.kind === 'danger' ? 'alert' : 'status'} className={`small mt-2 text-${message.kind}`}>
          {message.text}
        </p>
      ) : null}
    </section>
  );
}
