import {
  Controls,
  Description,
  Markdown,
  Primary,
  Stories,
  Subtitle,
  Title,
  useOf,
} from '@storybook/addon-docs/blocks';
import { ElementReference, manifestElement, tagOfTitle } from './ElementReference';

/**
 * Every piece's Docs page (autodocs): its description (the component's JSDoc, or for a `cp-*` element
 * the manifest's), the first story with its code, the props (from the TypeScript types and JSDoc),
 * for an element its whole reference from the Custom Elements Manifest, then every story.
 */
export function DocsPage() {
  const { preparedMeta } = useOf('meta', ['meta']);
  const tag = tagOfTitle(preparedMeta.title);
  const element = tag ? manifestElement(tag) : undefined;
  return (
    <>
      <Title />
      <Subtitle />
      {element ? <Markdown>{element.description}</Markdown> : <Description of="meta" />}
      <Primary />
      <Controls />
      {tag ? <ElementReference tag={tag} /> : null}
      <Stories includePrimary={false} />
    </>
  );
}
