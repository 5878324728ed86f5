#include "formats/rc2/level.hpp"

#include <fmt/format.h>

#include "formats/core/file_io.hpp"
#include "formats/core/format_error.hpp"
#include "formats/rc2/shrub_span.hpp"

namespace gcvu::formats::rc2 {

Level read_level(std::vector<uint8_t> core_index, std::vector<uint8_t> core_data, std::vector<uint8_t> gs_ram,
                 const std::string& name, std::optional<std::vector<uint8_t>> gameplay) {
  Level level;
  level.name = name;
  level.core_data = std::move(core_data);
  level.gs_ram = std::move(gs_ram);
  const std::string core_data_source = fmt::format("{}/{}", name, kCoreDataFile);
  level.index = read_core_index(core_index, level.core_data.size(), fmt::format("{}/{}", name, kCoreIndexFile));
  level.block = read_tfrag_block(level.core_data, level.index.tfrags, level.index.occlusion, core_data_source);
  level.patches.reserve(level.block.patches.size());
  for (size_t i = 0; i < level.block.patches.size(); ++i) {
    level.patches.push_back(read_tfrag_patch(level.core_data, level.block, i, level.index.occlusion,
                                             level.index.textures.size(), core_data_source));
  }
  level.textures.reserve(level.index.textures.size());
  for (size_t i = 0; i < level.index.textures.size(); ++i) {
    level.textures.push_back(
        read_tfrag_texture(level.index.textures[i], i, level.core_data, level.index.textures_base, level.gs_ram, name));
  }
  level.moby_classes = read_moby_classes(level.core_data, level.index, core_data_source);
  for (const ShrubSpan& span : shrub_spans(level.core_data, level.index.shrubs, core_data_source)) {
    level.shrubs.push_back(read_shrub_class(level.core_data, level.index.shrubs[span.index], span.index, span.offset,
                                            span.size, level.textures.size(), core_data_source));
  }
  if (gameplay) {
    if (is_wad_compressed(*gameplay)) {
      level.gameplay_compressed = true;
    } else {
      level.gameplay = read_gameplay(*gameplay, level.index, fmt::format("{}/{}", name, kGameplayFile));
    }
  }
  return level;
}

Level load_level(const std::filesystem::path& folder) {
  // One at a time, so a missing folder is reported as its core_index.bin (argument order is unspecified).
  std::vector<uint8_t> core_index = read_file(folder / kCoreIndexFile, kMaxLevelFileBytes);
  std::vector<uint8_t> core_data = read_file(folder / kCoreDataFile, kMaxLevelFileBytes);
  std::vector<uint8_t> gs_ram = read_file(folder / kGsRamFile, kMaxGsRamBytes);
  std::optional<std::vector<uint8_t>> gameplay;
  if (std::filesystem::exists(folder / kGameplayFile)) {
    gameplay = read_file(folder / kGameplayFile, kMaxLevelFileBytes);
  }
  return read_level(std::move(core_index), std::move(core_data), std::move(gs_ram), folder.string(),
                    std::move(gameplay));
}

std::vector<std::string> level_summary_lines(const Level& level) {
  std::vector<std::string> lines;
  const CoreIndex& index = level.index;
  lines.push_back(
      fmt::format("classes: {} moby, {} tie, {} shrub", index.mobies.size(), index.ties.size(), index.shrubs.size()));
  lines.push_back(fmt::format("regions: tfrags {}, occlusion {}, sky {}, collision {}, textures {}",
                              hex_offset(index.tfrags), hex_offset(index.occlusion), hex_offset(index.sky),
                              hex_offset(index.collision), hex_offset(index.textures_base)));
  size_t vertices = 0;
  size_t ad_gifs = 0;
  std::array<size_t, 3> triangles{};
  std::array<size_t, 3> tier_positions{};
  for (const TfragPatch& patch : level.patches) {
    vertices += patch.position_total();
    ad_gifs += patch.ad_gifs.size();
    for (size_t i = 0; i < 3; ++i) {
      triangles[i] += patch.triangles[i];
      tier_positions[i] += patch.positions[i].size();
    }
  }
  lines.push_back(fmt::format("tfrag patches: {} (LOD distance {}, switch at {}/{}/{})", level.patches.size(),
                              level.block.lod_distance, 6 * level.block.lod_distance, 4 * level.block.lod_distance,
                              2 * level.block.lod_distance));
  lines.push_back(fmt::format("vertices: {} ({} common, {} LOD 0+1, {} LOD 0 only)", vertices, tier_positions[0],
                              tier_positions[1], tier_positions[2]));
  lines.push_back(fmt::format("triangles: LOD 0 {}, LOD 1 {}, LOD 2 {}", triangles[0], triangles[1], triangles[2]));
  lines.push_back(fmt::format("ad-gifs: {}", ad_gifs));
  size_t texel_bytes = 0;
  for (const TfragTexture& texture : level.textures) {
    for (const auto& mip : texture.levels) texel_bytes += mip.size();
  }
  lines.push_back(fmt::format("tfrag textures: {} (8-bit indexed, CSM1 CLUTs; {} texel bytes over 4 mip levels)",
                              level.textures.size(), texel_bytes));
  size_t moby_packets = 0, moby_vertices = 0, moby_triangles = 0, rc1_classes = 0;
  for (const MobyClass& moby : level.moby_classes) {
    moby_packets += moby.packets.size();
    moby_vertices += moby.vertex_count();
    moby_triangles += moby.triangle_count();
    rc1_classes += moby.header.format() == MobyFormat::kRc1 ? 1 : 0;
  }
  lines.push_back(fmt::format("moby geometry: {} classes ({} in R&C1 format), {} packets, {} transferred vertices, "
                              "{} kicked triangles (metal packets not decoded)",
                              level.moby_classes.size(), rc1_classes, moby_packets, moby_vertices, moby_triangles));
  size_t shrub_packets = 0, shrub_vertices = 0, shrub_triangles = 0, billboards = 0;
  for (const ShrubClass& shrub : level.shrubs) {
    shrub_packets += shrub.packets.size();
    shrub_vertices += shrub.vertex_total();
    shrub_triangles += shrub.triangle_total();
    billboards += shrub.billboard.has_value();
  }
  lines.push_back(fmt::format("shrub classes with geometry: {} ({} packets, {} vertices, {} triangles, {} billboards; "
                              "size, mode_bits and the billboard floats not established)",
                              level.shrubs.size(), shrub_packets, shrub_vertices, shrub_triangles, billboards));
  lines.push_back(fmt::format("gs_ram: {} bytes", level.gs_ram.size()));
  if (level.gameplay) {
    const Gameplay& gameplay = *level.gameplay;
    lines.push_back(fmt::format("instances ({}): {} shrub ({} classes listed), {} moby ({} classes listed, {} in the "
                                "spawnable count word); draw distances, lights and the moby fields other than "
                                "class, scale, position, rotation and colour not interpreted",
                                kGameplayFile, gameplay.shrub_instances.size(), gameplay.shrub_classes.size(),
                                gameplay.mobies.records.size(), gameplay.moby_classes.size(),
                                gameplay.mobies.spawnable_count));
  } else if (level.gameplay_compressed) {
    lines.push_back(fmt::format("instances: {} is WAD-compressed; gcvu reads it decompressed, so none were read",
                                kGameplayFile));
  } else {
    lines.push_back(fmt::format("instances: none ({} absent)", kGameplayFile));
  }
  return lines;
}

}  // namespace gcvu::formats::rc2
