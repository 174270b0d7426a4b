import en from '../locales/en/errors.json';
import fr from '../locales/fr/errors.json';
import './not-found-frame.css';

/**
 * The page the not-found screen embeds (spec section 2: a 404 page in a 500px frame). It is its
 * own tiny entry without React so it costs the main bundle nothing.
 */
const language = new URLSearchParams(window.location.search).get('lang') === 'fr' ? 'fr' : 'en';
const text = (language === 'fr' ? fr : en).notFound;
document.documentElement.lang = language === 'fr' ? 'fr-CA' : 'en-CA';
document.title = text.title;

const frame = document.getElementById('frame');
if (frame) {
  const code = document.createElement('p');
  code.className = 'code';
  code.textContent = text.code;
  const message = document.createElement('p');
  message.className = 'message';
  message.textContent = text.message;
  const hint = document.createElement('p');
  hint.textContent = text.hint;
  const home = document.createElement('a');
  home.href = '/#/home/dashboard';
  home.target = '_top';
  home.textContent = text.home;
  frame.append(code, message, hint, home);
}
