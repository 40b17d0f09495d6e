#ifndef SHELFMARK_CLIBXML2_SHIM_H
#define SHELFMARK_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, whose headers clash with the copy Foundation bundles. We never
// touch the converter structs that need them, so the ICU part of encoding.h is left out.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlversion.h>

// xmlFree is a global function pointer, which Swift 6 rejects as shared mutable state.
static inline void shelfmark_xmlFree(void *p) { xmlFree(p); }

// Silences libxml2's generic error printer, which otherwise writes to stderr for every recovery.
static void shelfmark_silent_error(void *ctx, const char *msg, ...) { (void)ctx; (void)msg; }
static inline void shelfmark_xml_silence(void) {
  xmlSetGenericErrorFunc(NULL, shelfmark_silent_error);
}

static inline const char *shelfmark_libxml_version(void) { return LIBXML_DOTTED_VERSION; }

static inline int shelfmark_html_options(void) {
  return HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET
    | HTML_PARSE_COMPACT;
}

static inline xmlNodeSetPtr shelfmark_xpath_nodeset(xmlXPathObjectPtr obj) {
  return obj ? obj->nodesetval : NULL;
}
#endif
