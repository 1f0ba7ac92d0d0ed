/**
 * RELAX NG (XML syntax, for xmllint) of Atom 1.0 as RFC 4287 defines the elements the feeds use:
 * `feed` with exactly one `id`, `title` and `updated`, at least one `author` (the entries carry
 * none), optional `subtitle`, any number of `link` and `category`; then `entry` elements, each
 * with exactly one `id`, `title` and `updated`, optional `published` and `summary`. Dates are
 * RFC 3339 date-times with a zone, ids and hrefs IRIs, text constructs of type text or html.
 * Written from the RFC's sections 3 and 4; what RELAX NG cannot say (an entry's alternate link,
 * unique ids) is checked in the tests.
 */
export const ATOM_RNG = `<?xml version="1.0" encoding="utf-8"?>
<grammar xmlns="http://relaxng.org/ns/structure/1.0" ns="http://www.w3.org/2005/Atom" datatypeLibrary="http://www.w3.org/2001/XMLSchema-datatypes">
  <start><ref name="feed"/></start>

  <define name="common">
    <optional><attribute><name ns="http://www.w3.org/XML/1998/namespace">lang</name><data type="language"/></attribute></optional>
    <optional><attribute><name ns="http://www.w3.org/XML/1998/namespace">base</name><data type="anyURI"/></attribute></optional>
  </define>

  <define name="textConstruct">
    <ref name="common"/>
    <optional><attribute name="type"><choice><value>text</value><value>html</value></choice></attribute></optional>
    <text/>
  </define>

  <define name="date">
    <ref name="common"/>
    <data type="dateTime"><param name="pattern">\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+\\-]\\d{2}:\\d{2})</param></data>
  </define>

  <define name="id"><element name="id"><ref name="common"/><data type="anyURI"><param name="minLength">1</param></data></element></define>
  <define name="title"><element name="title"><ref name="textConstruct"/></element></define>
  <define name="updated"><element name="updated"><ref name="date"/></element></define>

  <define name="person">
    <ref name="common"/>
    <interleave>
      <element name="name"><text/></element>
      <optional><element name="uri"><data type="anyURI"/></element></optional>
      <optional><element name="email"><data type="string"><param name="pattern">.+@.+</param></data></element></optional>
    </interleave>
  </define>

  <define name="link">
    <element name="link">
      <ref name="common"/>
      <attribute name="href"><data type="anyURI"/></attribute>
      <optional><attribute name="rel"><data type="string"><param name="minLength">1</param></data></attribute></optional>
      <optional><attribute name="type"><data type="string"><param name="pattern">.+/.+</param></data></attribute></optional>
      <optional><attribute name="hreflang"><data type="language"/></attribute></optional>
      <optional><attribute name="title"/></optional>
      <optional><attribute name="length"/></optional>
      <empty/>
    </element>
  </define>

  <define name="category">
    <element name="category">
      <ref name="common"/>
      <attribute name="term"/>
      <optional><attribute name="scheme"><data type="anyURI"/></attribute></optional>
      <optional><attribute name="label"/></optional>
      <empty/>
    </element>
  </define>

  <define name="feed">
    <element name="feed">
      <ref name="common"/>
      <interleave>
        <oneOrMore><element name="author"><ref name="person"/></element></oneOrMore>
        <zeroOrMore><ref name="category"/></zeroOrMore>
        <ref name="id"/>
        <zeroOrMore><ref name="link"/></zeroOrMore>
        <optional><element name="subtitle"><ref name="textConstruct"/></element></optional>
        <ref name="title"/>
        <ref name="updated"/>
      </interleave>
      <zeroOrMore><ref name="entry"/></zeroOrMore>
    </element>
  </define>

  <define name="entry">
    <element name="entry">
      <ref name="common"/>
      <interleave>
        <zeroOrMore><ref name="category"/></zeroOrMore>
        <ref name="id"/>
        <zeroOrMore><ref name="link"/></zeroOrMore>
        <optional><element name="published"><ref name="date"/></element></optional>
        <optional><element name="summary"><ref name="textConstruct"/></element></optional>
        <ref name="title"/>
        <ref name="updated"/>
      </interleave>
    </element>
  </define>
</grammar>
`;
