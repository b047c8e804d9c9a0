// The help assistant's launcher on every signed-in page: one small button in the header; the
// conversation itself is a lazy chunk fetched on the first click. When config.json names an
// external chatbot (`chatbotUrl`), that vendor's script is loaded instead and this button is not shown.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { QuestionCircle } from 'react-bootstrap-icons';
import { getRuntimeConfig } from '../../config/currentConfig';

const AssistantDialog = lazy(() => import(/* webpackChunkName: "help-assistant" */ './AssistantDialog'));

function vendorChatbotUrl(): string {
  try {
    return getRuntimeConfig().chatbotUrl;
  } catch {
    return '';
  }
}

/** Adds the vendor's script once per page load. */
function useVendorScript(url: string): void {
  useEffect(() => {
    if (!url || document.querySelector(`script[data-chatbot]`)) return;
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.chatbot = 'true';
    document.head.appendChild(script);
  }, [url]);
}

export function HelpLauncher() {
  const vendor = vendorChatbotUrl();
  useVendorScript(vendor);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (vendor) return null;
  return (
    <>
      <button
        ref={button}
        type="button"
        className="dw-header-button"
        aria-label="Help assistant"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <QuestionCircle aria-hidden size={18} />
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <AssistantDialog
            show={open}
            onClose={() => {
              setOpen(false);
              // The dialog gives focus back as it closes; make sure it lands on the launcher.
              requestAnimationFrame(() => button.current?.focus());
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
